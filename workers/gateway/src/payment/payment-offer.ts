import { bytesToHex } from "#shared/auth/bytes";
import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import { normalizeAddress, ZERO_ADDRESS } from "#shared/schemas/address";
import { type EscrowRequirementExtra, escrowPaymentRequired } from "#shared/x402/escrow-scheme";
import type { PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { newTransactionId } from "../execute/transaction-id.js";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import { ledgerChainId } from "../ledger/chain-id.js";

/** How long the gateway waits for a submitted payment to commit before answering 504. */
export const PAYMENT_WAIT_SECS = 20;

/** What a PaymentRequired of one process is made from (docs/x402.md, "Requirements"). */
export type OfferArgs = {
  ledger: LedgerClient;
  processId: string;
  /** The process's current price: the least a payment may carry. */
  price: bigint;
  /** The amount of the make_payment built for the payer; the price by default. */
  amount?: bigint;
  /** The payer, when the request names one: a make_payment is built for it to sign. */
  payer: string | null;
  /** The task id to offer; a fresh one by default. */
  taskId?: string | undefined;
  resourceUrl: string;
  /** How long the server may take to answer a paid request. */
  maxTimeoutSeconds: number;
  unsignedTransactionTtlSeconds: number;
};

/**
 * The `escrow` PaymentRequired of a process, with the make_payment for the payer to sign when
 * the payer is known. A payer the ledger cannot build for (an account it does not know yet) gets
 * the offer without a transaction: it may build its own.
 */
export async function paymentOffer(args: OfferArgs & { error: string }): Promise<PaymentRequired> {
  const { ledger, processId } = args;
  const taskId = args.taskId ?? newTransactionId();
  const extra: Omit<EscrowRequirementExtra, "function"> = { processId, taskId };
  // Nobody can sign for the zero address (the anonymous MCP caller): nothing is built for it.
  if (args.payer !== null && normalizeAddress(args.payer) !== ZERO_ADDRESS) {
    const expiresAtSecs = Math.floor(Date.now() / 1000) + args.unsignedTransactionTtlSeconds;
    try {
      const transaction = await ledger.buildUnsignedMakePayment({
        sender: args.payer,
        request: { processId, taskId, amount: args.amount ?? args.price },
        expiresAtSecs,
      });
      extra.payer = args.payer;
      extra.unsignedTransaction = `0x${bytesToHex(transaction.rawTransaction.bcsToBytes())}`;
      extra.unsignedTransactionExpiresAt = new Date(expiresAtSecs * 1000).toISOString();
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
    }
  }
  return escrowPaymentRequired({
    error: args.error,
    resourceUrl: args.resourceUrl,
    description: `One run of process ${processId}, paid into escrow`,
    chainId: await ledgerChainId(ledger),
    moduleAddress: ledger.moduleAddress(),
    amount: args.price,
    maxTimeoutSeconds: args.maxTimeoutSeconds,
    extra,
  });
}

/**
 * A refusal that offers the payment afresh: 402 answers carry the PaymentRequired both in the
 * PAYMENT-REQUIRED header and in the JSON body next to the error fields; SPEC's 400 Payment
 * required carries it in the header only, without a transaction built for the payer: a client
 * that did not ask for x402 costs the ledger no reads for it (docs/x402.md, "Which answer").
 */
export async function offerAnswer(args: {
  error: AppError;
  offer: OfferArgs;
  response?: SettleResponse;
}): Promise<GatewayAnswer> {
  const { error } = args;
  const answer = errorAnswer(error, { processId: args.offer.processId });
  const offer = answer.status === 402 ? args.offer : { ...args.offer, payer: null };
  const required = await paymentOffer({ ...offer, error: errorMessage(error) });
  const x402 = { required, ...(args.response === undefined ? {} : { response: args.response }) };
  if (answer.status !== 402) return { ...answer, x402 };
  return { status: 402, body: { ...required, ...answer.body }, x402 };
}

/** No usable payment: 402 for a client that speaks x402, else SPEC's 400 Payment required. */
export function paymentRequiredError(speaksX402: boolean): AppError {
  return appError(speaksX402 ? "x402_payment_required" : "payment_required");
}
