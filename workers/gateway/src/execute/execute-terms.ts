import { type AppError, appError } from "#shared/errors/app-error";
import type { GatewayContext } from "#shared/ledger/records";
import type { SettleResponse } from "#shared/x402/transport";
import type { Failure } from "../http/failure.js";
import { type EscrowScheme, escrowScheme } from "../payment/escrow-scheme.js";
import { paymentRequiredFailure } from "../payment/payment-required.js";
import type { PaymentTerms } from "../payment/payment-requirements.js";
import { PAYMENT_WAIT_SECS } from "../payment/submit-payment.js";
import type { ExecuteDeps, ExecuteRequest } from "./execute-types.js";
import { newTransactionId } from "./transaction-id.js";

/** The escrow scheme an execute pays with, on its deps' ledger. */
export function executeScheme(deps: ExecuteDeps): EscrowScheme {
  return escrowScheme({
    ledger: deps.ledger,
    unsignedTransactionTtlSeconds: deps.unsignedTransactionTtlSeconds,
  });
}

/** The payment a paid execute asks for: at least the current price, for the body's payer. */
export function executeTerms(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
}): PaymentTerms {
  const { request, deps, context } = args;
  return {
    processId: request.processId,
    price: context.pricing?.taskPrice ?? 0n,
    payer: request.body.userAddress,
    taskId: request.body.taskId ?? newTransactionId(),
    resourceUrl: request.resourceUrl,
    // Committing the payment, then the agent's time limit (docs/x402.md, "Requirements").
    maxTimeoutSeconds: PAYMENT_WAIT_SECS + Math.ceil(deps.timeoutMs / 1000),
  };
}

/**
 * An execute refused with the payment requirements afresh: no usable payment (402 for a client
 * that speaks x402, else SPEC's 400 Payment required), or an x402 payment refused (`error`).
 */
export function executePaymentRequired(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
  error?: AppError;
  response?: SettleResponse;
}): Promise<Failure> {
  const { request, deps } = args;
  const error =
    args.error ?? appError(request.speaksX402 ? "x402_payment_required" : "payment_required");
  return paymentRequiredFailure({
    scheme: executeScheme(deps),
    terms: executeTerms(args),
    error,
    ...(args.response === undefined ? {} : { response: args.response }),
  });
}
