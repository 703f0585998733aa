import { bytesToHex } from "#shared/auth/bytes";
import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import type { DecodedSignedTransaction } from "#shared/ledger/signed-transactions";
import { normalizeAddress, ZERO_ADDRESS } from "#shared/schemas/address";
import {
  aptosNetwork,
  ESCROW_SCHEME,
  type EscrowRequirementExtra,
  escrowPaymentRequired,
  parseEscrowPayment,
} from "#shared/x402/escrow-scheme";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { checkSignedPayment, type ExpectedPayment } from "./check-signed-payment.js";
import { submitPayment } from "./submit-payment.js";

/** What a PaymentRequired of one process is made from (docs/x402.md, "Requirements"). */
export type PaymentTerms = {
  processId: string;
  /** The process's current price: the least a payment may carry. */
  price: bigint;
  /** The amount of the make_payment built for the payer; the price by default. */
  amount?: bigint;
  /** The payer, when the request names one: a make_payment is built for it to sign. */
  payer: string | null;
  /** The task id offered. */
  taskId: string;
  resourceUrl: string;
  /** How long the server may take to answer a paid request. */
  maxTimeoutSeconds: number;
};

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

export type Settlement =
  | { ok: true; hash: string; response: SettleResponse }
  | {
      ok: false;
      error: AppError;
      /** x402's failed SettleResponse: the ledger refused an x402 payment, nothing committed. */
      response?: SettleResponse;
    };

/**
 * The `escrow` scheme as this gateway serves it, with x402's verbs (`@x402/core`'s scheme
 * interfaces; docs/x402.md): the payment requirements of a process, verify a sent payment against
 * the request before anything is submitted, settle it (submit and await the commit).
 */
export type EscrowScheme = {
  readonly scheme: typeof ESCROW_SCHEME;
  paymentRequirements(terms: PaymentTerms & { error: string }): Promise<PaymentRequired>;
  verify(args: { sent: SentPayment; expected: ExpectedPayment }): Promise<Verification>;
  settle(args: { payment: VerifiedPayment; processId: string }): Promise<Settlement>;
};

export function escrowScheme(args: {
  ledger: LedgerClient;
  /** How long an offered make_payment stays valid (UNSIGNED_TRANSACTION_TTL_SECONDS). */
  unsignedTransactionTtlSeconds: number;
}): EscrowScheme {
  const { ledger, unsignedTransactionTtlSeconds } = args;
  return {
    scheme: ESCROW_SCHEME,
    paymentRequirements: (terms) =>
      paymentRequirements({ ledger, terms, unsignedTransactionTtlSeconds }),
    verify: ({ sent, expected }) => verify({ ledger, sent, expected }),
    settle: ({ payment, processId }) => settle({ ledger, payment, processId }),
  };
}

/**
 * The PaymentRequired of a process, with the make_payment for the payer to sign when the payer is
 * known. A payer the ledger cannot build for (an account it does not know yet) gets the
 * requirements without a transaction: it may build its own.
 */
async function paymentRequirements(args: {
  ledger: LedgerClient;
  terms: PaymentTerms & { error: string };
  unsignedTransactionTtlSeconds: number;
}): Promise<PaymentRequired> {
  const { ledger, terms } = args;
  const { processId, taskId } = terms;
  const extra: Omit<EscrowRequirementExtra, "function"> = { processId, taskId };
  // Nobody can sign for the zero address (the anonymous MCP caller): nothing is built for it.
  if (terms.payer !== null && normalizeAddress(terms.payer) !== ZERO_ADDRESS) {
    const expiresAtSecs = Math.floor(Date.now() / 1000) + args.unsignedTransactionTtlSeconds;
    try {
      const transaction = await ledger.buildUnsignedMakePayment({
        sender: terms.payer,
        request: { processId, taskId, amount: terms.amount ?? terms.price },
        expiresAtSecs,
      });
      extra.payer = terms.payer;
      extra.unsignedTransaction = `0x${bytesToHex(transaction.rawTransaction.bcsToBytes())}`;
      extra.unsignedTransactionExpiresAt = new Date(expiresAtSecs * 1000).toISOString();
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
    }
  }
  return escrowPaymentRequired({
    error: terms.error,
    resourceUrl: terms.resourceUrl,
    description: `One run of process ${processId}, paid into escrow`,
    chainId: await ledgerChainId(ledger),
    moduleAddress: ledger.moduleAddress(),
    amount: terms.price,
    maxTimeoutSeconds: terms.maxTimeoutSeconds,
    extra,
  });
}

/**
 * A sent payment checked as the escrow payment the request asks for, before anything is
 * submitted: x402's envelope (scheme, network), then the signed make_payment itself
 * (check-signed-payment.ts). An x402 payment's refusal is 402 payment_invalid; SPEC's
 * body.signedTransaction's is 400 validation_failed; each message names the field (docs/x402.md,
 * "What the server checks").
 */
async function verify(args: {
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

/**
 * Simulates and submits the payer's signed make_payment (submit-payment.ts), answered with x402's
 * SettleResponse. A refused x402 payment is answered as x402 answers it: 402 payment_failed with
 * a failed SettleResponse; bytes that committed before are 409 payment_already_committed, and
 * nothing is claimed (docs/x402.md, "After the commit").
 */
async function settle(args: {
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
