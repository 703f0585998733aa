import { type AppError, appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import type { TxReceipt } from "#shared/ledger/transactions";
import { aptosNetwork, parseEscrowPayment } from "#shared/x402/escrow-scheme";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { checkSignedPayment, type ExpectedPayment } from "./check-signed-payment.js";
import { PAYMENT_WAIT_SECS } from "./payment-offer.js";

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
 * Simulates the payer's signed make_payment, then submits it as it is and waits for the commit:
 * a payment the ledger would refuse (an amount above the payer's balance, a task id already
 * used) is refused from the simulation, submitted never, so the payer pays no gas for it
 * (docs/x402.md, "What the server checks"). One more ledger request per payment. Throws the
 * LedgerError either step fails with.
 */
export async function submitSimulated(
  ledger: LedgerClient,
  signedTransaction: string,
): Promise<TxReceipt> {
  await ledger.simulateSignedTransaction(signedTransaction);
  return ledger.submitSignedTransaction(signedTransaction, { timeoutSecs: PAYMENT_WAIT_SECS });
}

/**
 * Simulates and submits the payer's signed make_payment (submitSimulated). The same bytes sent
 * again (a replayed header, or a request whose first try died after the commit) are refused by
 * the ledger as an old sequence number; those exact bytes are then looked up by their hash, and a
 * committed one counts as this payment: only its signer could have made them (docs/x402.md,
 * "After the commit").
 */
export async function commitEscrowPayment(args: {
  ledger: LedgerClient;
  read: Extract<EscrowPaymentRead, { ok: true }>;
  processId: string;
}): Promise<EscrowCommit> {
  const { ledger, read } = args;
  const network = aptosNetwork(await ledgerChainId(ledger));
  const committed = (hash: string): EscrowCommit => ({
    ok: true,
    hash,
    response: {
      success: true,
      transaction: hash,
      network,
      payer: read.decoded.sender,
      extra: { processId: args.processId, taskId: read.taskId },
    },
  });
  try {
    const receipt = await submitSimulated(ledger, read.signedTransaction);
    return committed(receipt.hash);
  } catch (error) {
    const refused = ledgerAppError(error);
    if (!(error instanceof LedgerError) || error.kind === "network") {
      // Not final: the transaction may still commit, and the same header will find it.
      return { ok: false, error: refused };
    }
    if (error.kind === "rejected" && (await committedBefore(ledger, read.decoded.hash))) {
      return committed(read.decoded.hash);
    }
    return {
      ok: false,
      error: appError("payment_failed", errorMessageOf(refused), refused.details),
      response: {
        success: false,
        errorReason: refused.code,
        errorMessage: errorMessageOf(refused),
        transaction: error.hash ?? "",
        network,
        payer: read.decoded.sender,
      },
    };
  }
}

function errorMessageOf(error: AppError): string {
  return error.message ?? error.code;
}

/** Whether these exact bytes committed successfully earlier. */
async function committedBefore(ledger: LedgerClient, hash: string): Promise<boolean> {
  try {
    await ledger.waitForTransaction(hash, { timeoutSecs: 1 });
    return true;
  } catch (error) {
    if (error instanceof LedgerError) return false;
    throw error;
  }
}
