/**
 * The claims object of (processId, userAddress): the unit of "one payment, one execution". Its
 * stub is typed by the binding (no import of claims/, which imports outcome/, which uses these
 * stubs: test/unit/folder-cycles.test.ts).
 */
export function claimsStub(env: GatewayEnv, processId: string, userAddress: string) {
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
