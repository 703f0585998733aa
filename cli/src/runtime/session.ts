import type { Account } from "@aptos-labs/ts-sdk";
import { createLedgerClient, type LedgerClient, type TxReceipt } from "#shared/ledger";
import type { CommonArgValues } from "../args/common-args.js";
import { signerFromSetting } from "./signer.js";
import {
  openTransactionSession,
  REQUEST_TIMEOUT_MS,
  type TransactionSession,
} from "./transaction-session.js";

/** Everything a ledger command works with, built once from its arguments. */
export interface Session extends TransactionSession {
  client: LedgerClient;
  /** The signing account; a usage error when no key was given. */
  signer(): Account;
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
  });
  let account: Account | undefined;
  return {
    ...base,
    client,
    signer() {
      account ??= signerFromSetting(base.settings.privateKey);
      return account;
    },
  };
}

export { transactionRows } from "./transaction-session.js";
export type { TxReceipt };
