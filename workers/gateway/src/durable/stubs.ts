import type { ClaimsApi } from "../claims/claims-types.js";
import type { OutcomeReport } from "../execute/run-execute.js";

/** The claims object of (processId, userAddress): the unit of "one payment, one execution". */
export function claimsStub(env: GatewayEnv, processId: string, userAddress: string): ClaimsApi {
  return env.CLAIMS.getByName(`${processId}\n${userAddress}`);
}

/** The one object that owns the operator account's sequence numbers. */
export function queueOutcomeReport(env: GatewayEnv, report: OutcomeReport): Promise<void> {
  return env.OUTCOME_REPORTER.getByName("operator").enqueue(report);
}
