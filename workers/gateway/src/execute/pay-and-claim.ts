import { type AppError, appError } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import { commitEscrowPayment, readEscrowPayment } from "../payment/escrow-payment.js";
import {
  type OfferArgs,
  offerAnswer,
  PAYMENT_WAIT_SECS,
  paymentRequiredError,
} from "../payment/payment-offer.js";
import type { ExecuteDeps, ExecuteRequest } from "./run-execute.js";
import { newTransactionId } from "./transaction-id.js";
import { usablePaymentTaskIds } from "./usable-payments.js";

export type PaidClaim =
  | { ok: true; transactionId: string; taskId: string; response: SettleResponse }
  | { ok: false; answer: GatewayAnswer };

/** The payment a paid execute offers: at least the current price, for the body's payer. */
export function executeOffer(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
}): OfferArgs {
  const { request, deps, context } = args;
  return {
    ledger: deps.ledger,
    processId: request.processId,
    price: context.pricing?.taskPrice ?? 0n,
    payer: request.body.userAddress,
    taskId: request.body.taskId,
    resourceUrl: request.resourceUrl,
    // Committing the payment, then the agent's time limit (docs/x402.md, "Requirements").
    maxTimeoutSeconds: PAYMENT_WAIT_SECS + Math.ceil(deps.timeoutMs / 1000),
    unsignedTransactionTtlSeconds: deps.unsignedTransactionTtlSeconds,
  };
}

/** No usable payment: 402 with the offer for x402 clients, SPEC's 400 (offer in the header) else. */
export function paymentRequiredAnswer(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
}): Promise<GatewayAnswer> {
  return offerAnswer({
    error: paymentRequiredError(args.request.speaksX402),
    offer: executeOffer(args),
  });
}

/**
 * Pay and run in one request (docs/x402.md, "After the commit"): the x402 payment is checked
 * before anything is submitted (the process's state and whether this gateway may run it paid were
 * checked by the caller), committed, confirmed usable on a fresh view, and then exactly its task
 * id is claimed. Only this request's own submission committing the bytes pays (their signature
 * proves the payer signed them, not who sends them: committed bytes are public), so no caller
 * proof is asked. The same payment sent again is 409: payment_already_claimed once this gateway
 * claimed it, else payment_already_committed, also when the first request died after the commit
 * (its payer then runs on it with the caller proof).
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
    answer: errorAnswer(error, { processId }),
  });
  if (request.idempotencyKey !== null) {
    return refuse(
      appError(
        "validation_failed",
        "header.Idempotency-Key: not used with PAYMENT-SIGNATURE: the payment's task id already makes the request run once (docs/x402.md)",
      ),
    );
  }
  const offer = executeOffer(args);
  const read = await readEscrowPayment({
    ledger: deps.ledger,
    payment: args.payment,
    expected: {
      userAddress: body.userAddress,
      processId,
      minAmount: offer.price,
      taskId: body.taskId,
    },
  });
  if (!read.ok) return { ok: false, answer: await offerAnswer({ error: read.error, offer }) };
  const alreadyClaimed = () => refuse(appError("payment_already_claimed"));
  // A replay of a payment that already ran is answered without touching the ledger.
  if ((await deps.claims().unclaimed([read.taskId])).length === 0) return alreadyClaimed();

  const commit = await commitEscrowPayment({ ledger: deps.ledger, read, processId });
  if (!commit.ok) {
    if (commit.response === undefined) return refuse(commit.error);
    const answer = await offerAnswer({ error: commit.error, offer, response: commit.response });
    return { ok: false, answer };
  }
  const fresh = await deps.loadContext({ fresh: true });
  if (usablePaymentTaskIds({ context: fresh, taskId: read.taskId }).length === 0) {
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
    claimFrom: [read.taskId],
  });
  if (admitted.kind !== "admitted" || admitted.taskId !== read.taskId) return alreadyClaimed();
  return { ok: true, transactionId, taskId: read.taskId, response: commit.response };
}
