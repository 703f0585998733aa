import type { AppError } from "#shared/errors/app-error";
import { errorMessage, errorStatus } from "#shared/errors/bodies";
import type { SettleResponse } from "#shared/x402/transport";
import type { Failure } from "../http/failure.js";
import type { EscrowScheme } from "./escrow-scheme.js";
import type { PaymentTerms } from "./payment-requirements.js";

/**
 * A refusal that carries the payment requirements afresh. Only a 402 gets the make_payment built
 * for the payer: SPEC's 400 Payment required goes to a client that did not ask for x402, which
 * costs the ledger no reads for it (docs/x402.md, "Which answer").
 */
export async function paymentRequiredFailure(args: {
  scheme: EscrowScheme;
  terms: PaymentTerms;
  error: AppError;
  response?: SettleResponse;
}): Promise<Failure> {
  const { error, response } = args;
  const terms = errorStatus(error) === 402 ? args.terms : { ...args.terms, payer: null };
  const required = await args.scheme.paymentRequirements({ ...terms, error: errorMessage(error) });
  return {
    kind: "refused",
    error,
    processId: terms.processId,
    x402: { required, ...(response === undefined ? {} : { response }) },
  };
}
