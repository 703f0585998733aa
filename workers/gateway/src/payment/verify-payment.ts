import { type AppError, appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import { parseEscrowPayment } from "#shared/x402/escrow-scheme";
import type { PaymentPayload } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { checkSignedPayment, type ExpectedPayment } from "./check-signed-payment.js";

/** A payment as the request sent it: x402's PaymentPayload, or SPEC's body.signedTransaction. */
export type SentPayment = { x402: PaymentPayload } | { signedTransaction: string };

/** A payment verified against the request, ready to settle; `via` is how it was sent. */
export type VerifiedPayment = {
  via: "x402" | "body";
  signedTransaction: string;
  decoded: DecodedSignedTransaction;
  taskId: string;
};

export type Verification = { ok: true; payment: VerifiedPayment } | { ok: false; error: AppError };

/**
 * The escrow scheme's `verify` (escrow-scheme.ts): a sent payment checked as the escrow payment
 * the request asks for, before anything is submitted: x402's envelope (scheme, network), then the
 * signed make_payment itself (check-signed-payment.ts). An x402 payment's refusal is 402
 * payment_invalid; SPEC's body.signedTransaction's is 400 validation_failed; each message names
 * the field (docs/x402.md, "What the server checks").
 */
export async function verifyPayment(args: {
  ledger: LedgerClient;
  sent: SentPayment;
  expected: ExpectedPayment;
}): Promise<Verification> {
  const { ledger, sent } = args;
  const chainId = await ledgerChainId(ledger);
  const via = "x402" in sent ? "x402" : "body";
  const refuse = (message: string): Verification => ({
    ok: false,
    error: appError(via === "x402" ? "payment_invalid" : "validation_failed", message),
  });
  let signedTransaction: string;
  if ("x402" in sent) {
    const parsed = parseEscrowPayment(sent.x402, chainId);
    if (!parsed.ok) return refuse(parsed.message);
    signedTransaction = parsed.signedTransaction;
  } else {
    signedTransaction = sent.signedTransaction;
  }
  const at = via === "x402" ? "payment.payload." : "body.";
  let decoded: DecodedSignedTransaction;
  try {
    decoded = ledger.decodeSignedTransaction(signedTransaction);
  } catch (error) {
    if (!(error instanceof LedgerError)) throw error;
    return refuse(`${at}${error.message}`);
  }
  const check = checkSignedPayment({
    decoded,
    expected: args.expected,
    moduleAddress: ledger.moduleAddress(),
    chainId,
    // The node checks expiry against the wall clock, as clients stamp it.
    nowSecs: BigInt(Math.floor(Date.now() / 1000)),
    field: `${at}signedTransaction`,
  });
  if (!check.ok) return refuse(check.message);
  return { ok: true, payment: { via, signedTransaction, decoded, taskId: check.taskId } };
}
