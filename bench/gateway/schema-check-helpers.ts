/**
 * What bench/gateway/schema-check.mjs (Node) runs: the gateway's data check, its schema budget
 * and the hostile corpus the unit test uses. Bundled with esbuild, since Node 20 runs no
 * TypeScript.
 */
export { checkExecuteData } from "../../workers/gateway/src/schema/check-data.js";
export { schemaBudget } from "../../workers/gateway/src/schema/schema-budget.js";
export {
  anyOfChain,
  HOSTILE_CASES,
  REDOS,
} from "../../workers/gateway/test/support/hostile-schemas.js";
