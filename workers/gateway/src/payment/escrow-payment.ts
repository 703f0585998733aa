import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import { aptosNetwork, parseEscrowPayment } from "#shared/x402/escrow-scheme";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { checkSignedPayment, type ExpectedPayment } from "./check-signed-payment.js";
import { submitPayment } from "./submit-payment.js";

export type EscrowPaymentRead =
  | { ok: true; signedTransaction: string; decoded: DecodedSignedTransaction; taskId: string }
  | { ok: false; error: AppError };

/**
 * A client-signed make_payment (hex BCS), decoded and checked against the request before anything
 * is submitted (check-signed-payment.ts); `at` is where the request carried it, named in every
 * message (`body.` or `payment.payload.`).
 */
export async function checkSignedHex(args: {
  ledger: LedgerClient;
  signedTransaction: string;
  expected: ExpectedPayment;
  at: string;
}): Promise<
  { ok: true; decoded: DecodedSignedTransaction; taskId: string } | { ok: false; message: string }
> {
  const { ledger, at } = args;
  let decoded: DecodedSignedTransaction;
  try {
    decoded = ledger.decodeSignedTransaction(args.signedTransaction);
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return { ok: false, message: `${at}${error.message}` };
  }
  const check = checkSignedPayment({
    decoded,
    expected: args.expected,
    moduleAddress: ledger.moduleAddress(),
    chainId: await ledgerChainId(ledger),
    // The node checks expiry against the wall clock, as clients stamp it.
    nowSecs: BigInt(Math.floor(Date.now() / 1000)),
    field: `${at}signedTransaction`,
  });
  return check.ok ? { ok: true, decoded, taskId: check.taskId } : check;
}

/**
 * An x402 PaymentPayload read as the escrow payment the request asks for: the envelope (scheme,
 * network), then the signed make_payment itself, all before anything is submitted. Every refusal
 * is 402 payment_invalid with the reason (docs/x402.md, "What the server checks").
 */
export async function readEscrowPayment(args: {
  ledger: LedgerClient;
  payment: PaymentPayload;
  expected: ExpectedPayment;
}): Promise<EscrowPaymentRead> {
  const { ledger } = args;
  const invalid = (message: string) => ({
    ok: false as const,
    error: appError("payment_invalid", message),
  });
  const parsed = parseEscrowPayment(args.payment, await ledgerChainId(ledger));
  if (!parsed.ok) return invalid(parsed.message);
  const checked = await checkSignedHex({
    ledger,
    signedTransaction: parsed.signedTransaction,
    expected: args.expected,
    at: "payment.payload.",
  });
  if (!checked.ok) return invalid(checked.message);
  const { decoded, taskId } = checked;
  return { ok: true, signedTransaction: parsed.signedTransaction, decoded, taskId };
}

export type EscrowCommit =
  | { ok: true; hash: string; response: SettleResponse }
  | {
      ok: false;
      error: AppError;
      /** Set when the ledger refused the payment: nothing committed. */
      response?: SettleResponse;
    };

/**
 * Simulates and submits the payer's signed make_payment (submitPayment), as x402 answers it: a
 * ledger refusal is 402 payment_failed with a failed SettleResponse; bytes that committed before
 * are 409 payment_already_committed, and nothing is claimed (docs/x402.md, "After the commit").
 */
export async function commitEscrowPayment(args: {
  ledger: LedgerClient;
  read: Extract<EscrowPaymentRead, { ok: true }>;
  processId: string;
}): Promise<EscrowCommit> {
  const { ledger, read, processId } = args;
  const network = aptosNetwork(await ledgerChainId(ledger));
  const submitted = await submitPayment({
    ledger,
    signedTransaction: read.signedTransaction,
    decoded: read.decoded,
    processId,
    taskId: read.taskId,
  });
  if (submitted.ok) {
    const hash = submitted.receipt.hash;
    return {
      ok: true,
      hash,
      response: {
        success: true,
        transaction: hash,
        network,
        payer: read.decoded.sender,
        extra: { processId, taskId: read.taskId },
      },
    };
  }
  const { error, refusedBy } = submitted;
  if (refusedBy === undefined) return { ok: false, error };
  return {
    ok: false,
    error: appError("payment_failed", errorMessage(error), error.details),
    response: {
      success: false,
      errorReason: error.code,
      errorMessage: errorMessage(error),
      transaction: refusedBy.hash ?? "",
      network,
      payer: read.decoded.sender,
    },
  };
}
