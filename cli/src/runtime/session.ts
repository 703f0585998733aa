import { createLedgerClient, type LedgerClient, type TxReceipt } from "#shared/ledger";
import type { CommonArgValues } from "../args/common-args.js";
import {
  openTransactionSession,
  REQUEST_TIMEOUT_MS,
  type TransactionSession,
} from "./transaction-session.js";

/**
 * Everything a ledger command works with, built once from its arguments. Commands sign with
 * `transactionSigner()`, which can also sign the simulation every transaction starts with.
 */
export interface Session extends TransactionSession {
  client: LedgerClient;
}

export function openSession(
  values: CommonArgValues,
  options: { requireModuleAddress?: boolean } = {},
): Session {
  const base = openTransactionSession(values, options);
  const client = createLedgerClient({
    network: base.network,
    fetch: base.fetch,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    simulate: true,
  });
  return { ...base, client };
}

export { transactionRows } from "./transaction-session.js";
export type { TxReceipt };
