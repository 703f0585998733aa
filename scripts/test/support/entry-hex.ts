// The console passes RawTransactions around as 0x-prefixed hex (what a 402's offer and a wallet
// carry); shared's BCS reads and writes bytes. These two turn one into the other for the tests.
import { bytesToHex, hexToBytes } from "#shared/auth/bytes";
import {
  type EncodedEntryTransaction,
  entryTransactionBytes,
  readEntryTransaction,
} from "#shared/ledger/raw-transaction-bcs";

export function readEntryHex(rawHex: string): EncodedEntryTransaction | null {
  const bytes = hexToBytes(rawHex.replace(/^0x/i, ""));
  return bytes === null ? null : readEntryTransaction(bytes);
}

export function entryHex(tx: EncodedEntryTransaction): string {
  return `0x${bytesToHex(entryTransactionBytes(tx))}`;
}
