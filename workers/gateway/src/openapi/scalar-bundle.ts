// The maintained reference UI's standalone browser bundle (@scalar/api-reference, MIT), bundled
// into the Worker as text by wrangler.jsonc's Text rule so /docs works offline
// (docs/gateway.md, "The OpenAPI document"). The package exports no path to it, so the import
// names the file; it has no type declarations, being text here.
// @ts-expect-error: a text module, typed below
import bundle from "../../../../node_modules/@scalar/api-reference/dist/browser/standalone.js";

export const scalarBundle: string = bundle;
