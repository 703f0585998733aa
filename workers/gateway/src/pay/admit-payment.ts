import { type AppError, appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import type { PaymentBody } from "#shared/schemas/gateway";
import type { PaymentPayload } from "#shared/x402/transport";
import { admitCaller, type ProvenRequest } from "../claims/admit-caller.js";
import type { ClaimsApi, IdempotencyKey } from "../claims/claims-types.js";
import { checkProcessState } from "../execute/process-state.js";
import { newTransactionId } from "../execute/transaction-id.js";
import { type Failure, refused } from "../http/failure.js";
import type { EscrowScheme } from "../payment/escrow-scheme.js";
import { paymentRequiredFailure } from "../payment/payment-required.js";
import type { PaymentTerms } from "../payment/payment-requirements.js";
import { PAYMENT_WAIT_SECS } from "../payment/submit-payment.js";
import type { VerifiedPayment } from "../payment/verify-payment.js";

/** The route under which POST /api/payment's Idempotency-Keys are scoped. */
const PAYMENT_ROUTE = "payment";

export type PaymentRequest = ProvenRequest & {
  body: PaymentBody;
  /** The x402 payment (the decoded PAYMENT-SIGNATURE header), not yet checked, or null. */
  payment: PaymentPayload | null;
  resourceUrl: string;
};

export type PaymentDeps = {
  ledger: LedgerClient;
  scheme: EscrowScheme;
  publicOrigin: string | null;
  claims: () => ClaimsApi;
};

/** A payment admitted: verified, and its Idempotency-Key (if any) taken; not yet settled. */
export type AdmittedPayment = {
  transactionId: string;
  payment: VerifiedPayment;
  idempotency: IdempotencyKey | null;
  /** What a refused x402 settle offers afresh. */
  terms: PaymentTerms;
};

/**
 * The admission of POST /api/payment (docs/gateway.md, "Payment"; docs/x402.md): the payment
 * sent once; context (the one-call view) and refusals (the process exists and is active, the
 * amount covers its current price) before anything is built or submitted; the payment verified
 * (verifySentPayment); then, with an Idempotency-Key, the caller proof and the key
 * (claims/admit-caller.ts, as execute admits them).
 */
export async function admitPayment(args: {
  request: PaymentRequest;
  deps: PaymentDeps;
}): Promise<{ ok: true; admitted: AdmittedPayment } | { ok: false; failure: Failure }> {
  const { request, deps } = args;
  const { body } = request;
  const processId = body.processId;
  const refuse = (error: AppError) => ({ ok: false as const, failure: refused(error, processId) });
  if (request.payment !== null && body.signedTransaction !== undefined) {
    return refuse(
      appError(
        "validation_failed",
        "body.signedTransaction: send the payment once, in the PAYMENT-SIGNATURE header or as body.signedTransaction",
      ),
    );
  }
  const context = await deps.ledger.gatewayContext({ processId, payer: body.userAddress });
  const state = checkProcessState(context);
  if (!state.ok) return refuse(state.error);
  const price = context.pricing?.taskPrice ?? 0n;
  if (body.amount < price) {
    return refuse(
      appError(
        "validation_failed",
        `body.amount: ${body.amount} is below the process's current price ${price}`,
      ),
    );
  }
  const terms: PaymentTerms = {
    processId,
    price,
    amount: body.amount,
    payer: body.userAddress,
    taskId: body.taskId ?? newTransactionId(),
    resourceUrl: request.resourceUrl,
    maxTimeoutSeconds: PAYMENT_WAIT_SECS,
  };
  const verified = await verifySentPayment({ request, scheme: deps.scheme, terms });
  if (!verified.ok) return verified;

  const transactionId = newTransactionId();
  const { payment } = verified;
  const admitted = { transactionId, payment, idempotency: null, terms };
  if (request.idempotencyKey === null) return { ok: true, admitted };
  const caller = await admitCaller({
    request,
    route: PAYMENT_ROUTE,
    processId,
    transactionId,
    publicOrigin: deps.publicOrigin,
    authenticationKey: context.authenticationKey,
    claims: deps.claims,
  });
  if (caller.kind === "refused") return { ok: false, failure: caller.failure };
  // No payment to claim was named, so "no_payment" cannot come: the key is taken or not.
  const idempotency = caller.kind === "admitted" ? caller.idempotency : null;
  return { ok: true, admitted: { ...admitted, idempotency } };
}

/**
 * The payment the request sent, verified against it before anything is submitted
 * (escrow-scheme.ts). None sent: 402 with the payment requirements to sign. A refused x402
 * payment gets the requirements afresh; a refused body.signedTransaction is a plain 400.
 */
async function verifySentPayment(args: {
  request: PaymentRequest;
  scheme: EscrowScheme;
  terms: PaymentTerms;
}): Promise<{ ok: true; payment: VerifiedPayment } | { ok: false; failure: Failure }> {
  const { request, scheme, terms } = args;
  const { body } = request;
  const sent =
    request.payment !== null
      ? { x402: request.payment }
      : body.signedTransaction !== undefined
        ? { signedTransaction: body.signedTransaction }
        : null;
  const requirementsAfresh = async (error: AppError) => ({
    ok: false as const,
    failure: await paymentRequiredFailure({ scheme, terms, error }),
  });
  if (sent === null) {
    return requirementsAfresh(
      appError(
        "x402_payment_required",
        "Payment required: sign accepts[0].extra.unsignedTransaction (or your own make_payment) and send it in the PAYMENT-SIGNATURE header (docs/x402.md)",
      ),
    );
  }
  const expected = {
    userAddress: body.userAddress,
    processId: terms.processId,
    minAmount: terms.price,
    amount: body.amount,
    taskId: body.taskId,
  };
  const verified = await scheme.verify({ sent, expected });
  if (verified.ok) return verified;
  if ("signedTransaction" in sent) {
    return { ok: false, failure: refused(verified.error, terms.processId) };
  }
  return requirementsAfresh(verified.error);
}
