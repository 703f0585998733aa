// The console's browser bundle (console/build.mjs writes console/dist/, the gateway's custom build
// in wrangler.jsonc), bundled into the Worker as text by wrangler.jsonc's Text rule, like /docs's
// bundle (docs/console.md). The stylesheet's type is in text-modules.d.ts; the script has none,
// being text here.
import style from "../../../../console/dist/console.css";
// @ts-expect-error: a text module, typed below
import script from "../../../../console/dist/console.js";

export const consoleScript: string = script;
export const consoleStyle: string = style;
