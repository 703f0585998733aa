import type { GatewayContext } from "#shared/ledger/records";
import type { SettleResponse } from "#shared/x402/transport";
import { admitCaller } from "../claims/admit-caller.js";
import type { IdempotencyKey } from "../claims/claims-types.js";
import type { Failure } from "../http/failure.js";
import { executePaymentRequired } from "./execute-terms.js";
import { EXECUTE_ROUTE, type ExecuteDeps, type ExecuteRequest } from "./execute-types.js";
import { payAndClaim } from "./pay-and-claim.js";
import { newTransactionId } from "./transaction-id.js";
import { claimablePaymentTaskIds } from "./usable-payments.js";

/** A request admitted to run, before its ledger claim. */
export type Admitted = {
  transactionId: string;
  taskId: string | null;
  idempotency: IdempotencyKey | null;
  x402Response?: SettleResponse;
};

/**
 * The one admission of an execute, for free runs, caller proofs, idempotency and x402 alike
 * (docs/gateway.md, "Paths a request takes"): an x402 payment pays and claims exactly itself
 * (pay-and-claim.ts); a free run without an Idempotency-Key needs nothing; else Payment required
 * when there is nothing to claim, then the caller proof and one atomic call to the claims object
 * (claims/admit-caller.ts). A request with an Idempotency-Key always needs a proof, free
 * processes included, so nobody can take another user's keys or fill their storage
 * (docs/gateway.md, "Idempotency"). A free process ignores a payment sent to it.
 */
export async function admit(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
  paid: boolean;
}): Promise<{ ok: true; admitted: Admitted } | { ok: false; failure: Failure }> {
  const { request, deps, context, paid } = args;
  const { processId, idempotencyKey } = request;
  if (paid && request.payment !== null) {
    const claim = await payAndClaim({ request, payment: request.payment, deps, context });
    if (!claim.ok) return claim;
    const { transactionId, taskId, response } = claim;
    return {
      ok: true,
      admitted: { transactionId, taskId, idempotency: null, x402Response: response },
    };
  }
  const transactionId = newTransactionId();
  const usable = paid
    ? await claimablePaymentTaskIds({
        context,
        taskId: request.body.taskId,
        headers: request.headers,
        claims: deps.claims,
      })
    : [];
  const paymentRequired = async () => ({
    ok: false as const,
    failure: await executePaymentRequired({ request, deps, context }),
  });
  if (paid && usable.length === 0 && idempotencyKey === null) return paymentRequired();
  if (!paid && idempotencyKey === null) {
    return { ok: true, admitted: { transactionId, taskId: null, idempotency: null } };
  }
  const caller = await admitCaller({
    request,
    route: EXECUTE_ROUTE,
    processId,
    transactionId,
    publicOrigin: deps.publicOrigin,
    authenticationKey: context.authenticationKey,
    claims: deps.claims,
    ...(paid ? { claimFrom: usable } : {}),
  });
  if (caller.kind === "no_payment") return paymentRequired();
  if (caller.kind === "refused") return { ok: false, failure: caller.failure };
  const { taskId, idempotency } = caller;
  return { ok: true, admitted: { transactionId, taskId, idempotency } };
}
