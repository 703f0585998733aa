/**
 * What bench/gateway/schema-check.mjs (Node) bundles and runs: the gateway's data check, its schema budget
 * and the hostile corpus the unit test uses. Bundled with esbuild, since Node 20 runs no
 * TypeScript.
 */
export { checkExecuteData } from "../../src/schema/check-data.js";
export { schemaBudget } from "../../src/schema/schema-budget.js";
export {
  anyOfChain,
  HOSTILE_CASES,
  REDOS,
} from "./hostile-schemas.js";
