// The console's browser bundle (console/build.mjs writes console/dist/, the gateway's custom build
// in wrangler.jsonc), bundled into the Worker as text by wrangler.jsonc's Text rule, like /docs's
// bundle (docs/console.md). The script has no type declarations, being text here; the
// stylesheet's are in text-modules.d.ts.
// @ts-expect-error: a text module, typed below

import style from "../../../../console/dist/console.css";
import script from "../../../../console/dist/console.js";

export const consoleScript: string = script;
export const consoleStyle: string = style;
