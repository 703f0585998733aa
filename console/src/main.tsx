import { render } from "hono/jsx/dom";
import { App } from "./app.js";
import "./console.css";

const root = document.getElementById("console");
if (root !== null) render(<App />, root);
