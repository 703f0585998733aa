import { type AppError, appError } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { type Failure, refused } from "../http/failure.js";
import { executePaymentRequired, executeScheme, executeTerms } from "./execute-terms.js";
import type { ExecuteDeps, ExecuteRequest } from "./execute-types.js";
import { newTransactionId } from "./transaction-id.js";
import { usablePaymentTaskIds } from "./usable-payments.js";

export type PaidClaim =
  | { ok: true; transactionId: string; taskId: string; response: SettleResponse }
  | { ok: false; failure: Failure };

/**
 * Admission with an x402 payment: pay and run in one request (docs/x402.md, "After the commit").
 * The payment is verified before anything is submitted (the process's state and whether this
 * gateway may run it paid were checked before), settled, confirmed usable on a fresh view, and
 * then exactly its task id is claimed. Only this request's own submission committing the bytes
 * pays (their signature proves the payer signed them, not who sends them: committed bytes are
 * public), so no caller proof is asked. The same payment sent again is 409:
 * payment_already_claimed once this gateway claimed it, else payment_already_committed, also
 * when the first request died after the commit (its payer then runs on it with the caller proof).
 */
export async function payAndClaim(args: {
  request: ExecuteRequest;
  payment: PaymentPayload;
  deps: ExecuteDeps;
  context: GatewayContext;
}): Promise<PaidClaim> {
  const { request, deps } = args;
  const { processId, body } = request;
  const refuse = (error: AppError): PaidClaim => ({
    ok: false,
    failure: refused(error, processId),
  });
  if (request.idempotencyKey !== null) {
    return refuse(
      appError(
        "validation_failed",
        "header.Idempotency-Key: not used with PAYMENT-SIGNATURE: the payment's task id already makes the request run once (docs/x402.md)",
      ),
    );
  }
  const scheme = executeScheme(deps);
  const verified = await scheme.verify({
    sent: { x402: args.payment },
    expected: {
      userAddress: body.userAddress,
      processId,
      minAmount: executeTerms(args).price,
      taskId: body.taskId,
    },
  });
  if (!verified.ok) {
    return { ok: false, failure: await executePaymentRequired({ ...args, error: verified.error }) };
  }
  const { payment } = verified;
  const alreadyClaimed = () => refuse(appError("payment_already_claimed"));
  // A replay of a payment that already ran is answered without touching the ledger.
  if ((await deps.claims().unclaimed([payment.taskId])).length === 0) return alreadyClaimed();

  const settled = await scheme.settle({ payment, processId });
  if (!settled.ok) {
    if (settled.response === undefined) return refuse(settled.error);
    const failure = await executePaymentRequired({
      ...args,
      error: settled.error,
      response: settled.response,
    });
    return { ok: false, failure };
  }
  const fresh = await deps.loadContext({ fresh: true });
  if (usablePaymentTaskIds({ context: fresh, taskId: payment.taskId }).length === 0) {
    return refuse(
      appError(
        "payment_already_claimed",
        "This payment cannot pay for a run any more: it has an outcome or settles too soon (docs/gateway.md, When a payment is usable)",
      ),
    );
  }
  const transactionId = newTransactionId();
  const admitted = await deps.claims().admit({
    transactionId,
    nowSeconds: Math.floor(Date.now() / 1000),
    claimFrom: [payment.taskId],
  });
  if (admitted.kind !== "admitted" || admitted.taskId !== payment.taskId) return alreadyClaimed();
  return { ok: true, transactionId, taskId: payment.taskId, response: settled.response };
}
