import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { aptosNetwork } from "#shared/x402/escrow-scheme";
import type { SettleResponse } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { submitPayment } from "./submit-payment.js";
import type { VerifiedPayment } from "./verify-payment.js";

export type Settlement =
  | { ok: true; hash: string; response: SettleResponse }
  | {
      ok: false;
      error: AppError;
      /** x402's failed SettleResponse: the ledger refused an x402 payment, nothing committed. */
      response?: SettleResponse;
    };

/**
 * The escrow scheme's `settle` (escrow-scheme.ts): simulates and submits the payer's signed
 * make_payment (submit-payment.ts), answered with x402's SettleResponse. A refused x402 payment is
 * answered as x402 answers it: 402 payment_failed with a failed SettleResponse; bytes that
 * committed before are 409 payment_already_committed, and nothing is claimed (docs/x402.md,
 * "After the commit").
 */
export async function settlePayment(args: {
  ledger: LedgerClient;
  payment: VerifiedPayment;
  processId: string;
}): Promise<Settlement> {
  const { ledger, payment, processId } = args;
  const submitted = await submitPayment({
    ledger,
    signedTransaction: payment.signedTransaction,
    decoded: payment.decoded,
    processId,
    taskId: payment.taskId,
  });
  const network = aptosNetwork(await ledgerChainId(ledger));
  const payer = payment.decoded.sender;
  if (submitted.ok) {
    const hash = submitted.receipt.hash;
    const extra = { processId, taskId: payment.taskId };
    return {
      ok: true,
      hash,
      response: { success: true, transaction: hash, network, payer, extra },
    };
  }
  const { error, refusedBy } = submitted;
  // SPEC's body.signedTransaction is answered with the ledger's own refusal.
  if (refusedBy === undefined || payment.via === "body") return { ok: false, error };
  return {
    ok: false,
    error: appError("payment_failed", errorMessage(error), error.details),
    response: {
      success: false,
      errorReason: error.code,
      errorMessage: errorMessage(error),
      transaction: refusedBy.hash ?? "",
      network,
      payer,
    },
  };
}
