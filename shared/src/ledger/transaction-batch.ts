import { z } from "zod";
import { signedTransactionHash } from "./entry-bcs.js";
import type { LedgerError } from "./errors.js";
import { nodeAnswerError } from "./node-error.js";
import type { NodeAnswer } from "./transport.js";

/** Aptos' default cap on one batch submission (api.max_submit_transaction_batch_size). */
export const MAX_BATCH_TRANSACTIONS = 100;

/** One transaction of a batch: accepted under its hash, or refused with the node's reason. */
export type BatchEntryResult = { ok: true; hash: string } | { ok: false; error: LedgerError };

const batchAnswer = z.object({
  transaction_failures: z.array(
    z.object({ error: z.unknown(), transaction_index: z.number().int().nonnegative() }),
  ),
});

/**
 * One transaction's fate from the node's answer to POST /v1/transactions: accepted (2xx), refused
 * with its reason (4xx). Any other answer is thrown: the node may have taken it or not.
 */
export function singleResult(args: {
  answer: NodeAnswer;
  signed: Uint8Array;
  moduleAddress: string | undefined;
}): BatchEntryResult {
  const { answer, moduleAddress } = args;
  if (answer.status >= 200 && answer.status < 300) {
    return { ok: true, hash: signedTransactionHash(args.signed) };
  }
  const error = nodeAnswerError(answer, moduleAddress);
  if (answer.status >= 400 && answer.status < 500) return { ok: false, error };
  throw error;
}

/**
 * Each transaction's fate from the node's answer to POST /v1/transactions/batch: 202 when it
 * accepted every one, 206 with the refused ones by index, 400 when it refused them all (one
 * error for the batch). Any other answer is thrown: the node may have taken some of them or none.
 */
export function batchResults(args: {
  answer: NodeAnswer;
  signed: readonly Uint8Array[];
  moduleAddress: string | undefined;
}): BatchEntryResult[] {
  const { answer, signed, moduleAddress } = args;
  if (answer.status === 400) {
    const error = nodeAnswerError(answer, moduleAddress);
    return signed.map(() => ({ ok: false, error }));
  }
  const parsed = batchAnswer.safeParse(answer.data);
  if ((answer.status !== 202 && answer.status !== 206) || !parsed.success) {
    throw nodeAnswerError(answer, moduleAddress);
  }
  const failures = new Map(
    parsed.data.transaction_failures.map((failure) => [failure.transaction_index, failure.error]),
  );
  return signed.map((transaction, index) => {
    if (!failures.has(index)) return { ok: true, hash: signedTransactionHash(transaction) };
    const error = nodeAnswerError({ status: 400, data: failures.get(index) }, moduleAddress);
    return { ok: false, error };
  });
}
