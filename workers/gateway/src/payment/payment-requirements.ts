import { bytesToHex } from "#shared/auth/bytes";
import type { LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import { normalizeAddress, ZERO_ADDRESS } from "#shared/schemas/address-format";
import { type EscrowRequirementExtra, escrowPaymentRequired } from "#shared/x402/escrow-scheme";
import type { PaymentRequired } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";

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

/**
 * The escrow scheme's `paymentRequirements` (escrow-scheme.ts): the PaymentRequired of a process,
 * with the make_payment for the payer to sign when the payer is known. A payer the ledger cannot
 * build for (an account it does not know yet) gets the requirements without a transaction: it may
 * build its own.
 */
export async function paymentRequirements(args: {
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
