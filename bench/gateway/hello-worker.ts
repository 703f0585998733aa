import { Hono } from "hono";

/** The floor of the comparison: a bare Hono Worker answering JSON, on the same workerd. */
const app = new Hono();
app.post("*", (c) => c.json({ success: true, hello: "world" }));

export default app;
