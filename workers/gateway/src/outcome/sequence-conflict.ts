import { LedgerError } from "#shared/ledger/errors";

// The validation codes of a sequence number already used or not yet reachable.
const STALE_SEQUENCE = /SEQUENCE_NUMBER_TOO_(OLD|NEW)/;
// A real node's mempool holding another transaction of this sender on the same sequence number:
// HTTP 400, error_code invalid_transaction_update (mempool status INVALID_UPDATE), "Transaction
// already in mempool with a different payload".
const MEMPOOL_TAKEN = /invalid_transaction_update|INVALID_UPDATE|already in mempool/i;

/**
 * The node refused a transaction for its sequence number: another sender of this account (a
 * second deployment with the same key, or a test) took it, committed or still in mempool.
 * Nothing was executed, so it can be sent again on a fresh sequence number (docs/gateway.md,
 * "Across deployments").
 */
export function isSequenceConflict(error: unknown): boolean {
  if (!(error instanceof LedgerError) || error.kind !== "rejected") return false;
  const text = `${error.errorCode ?? ""} ${error.vmStatusName ?? ""} ${error.vmStatus ?? ""} ${error.message}`;
  return STALE_SEQUENCE.test(text) || MEMPOOL_TAKEN.test(text);
}
