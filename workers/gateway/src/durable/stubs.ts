import type { ClaimsApi } from "../claims/claims-types.js";
import type { GatewayAnswer } from "../http/respond.js";
import type { RunObject } from "../runs/run-object.js";
import type { CancelResult, RunRecord, RunSpec } from "../runs/run-types.js";

/** The claims object of (processId, userAddress): the unit of "one payment, one execution". */
export function claimsStub(env: GatewayEnv, processId: string, userAddress: string): ClaimsApi {
  return env.CLAIMS.getByName(`${processId}\n${userAddress}`);
}

/** The outcome queue of one process (docs/gateway.md, "Outcome reports"). */
export function outcomeQueueStub(env: GatewayEnv, processId: string) {
  return env.OUTCOME_REPORTER.getByName(processId);
}

/** The one object that owns the operator account's sequence numbers. */
export function operatorAccountStub(env: GatewayEnv) {
  return env.OPERATOR_ACCOUNT.getByName("operator");
}

/**
 * The run object's RPC methods with their records typed: RPC types a RunRecord (its JSON
 * `result` holds `unknown`) as `never`, which would hide every field from callers.
 */
export type RunObjectApi = {
  start(spec: RunSpec): Promise<RunRecord>;
  read(): Promise<RunRecord | null>;
  cancel(): Promise<CancelResult>;
  awaitEnd(): Promise<RunRecord>;
  answer(): Promise<GatewayAnswer | null>;
};

/** The run object of one transaction id (docs/gateway.md, "The run object"). */
export function runStub(
  env: GatewayEnv,
  transactionId: string,
): RunObjectApi & DurableObjectStub<RunObject> {
  return env.RUNS.getByName(transactionId);
}
