import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils";
import { addressBytes, BcsReader, stringBytes, u64Bytes, uleb128 } from "./bcs.js";

/**
 * An entry-function RawTransaction (shared/docs/aptos-node-api.md), the only kind the console
 * signs: read from the bytes a gateway offers, so the console checks what it signs, and written
 * for the escrow's own actions (My payments). Arguments stay BCS bytes, one per parameter.
 */
export type EntryTransaction = {
  sender: string;
  sequenceNumber: bigint;
  moduleAddress: string;
  module: string;
  function: string;
  args: Uint8Array[];
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  expirationTimestampSecs: bigint;
  chainId: number;
};

/** TransactionPayload::EntryFunction's variant. */
const ENTRY_FUNCTION = 2;

/** The entry transaction a RawTransaction's hex holds, or null for anything else. */
export function readEntryTransaction(rawHex: string): EntryTransaction | null {
  try {
    const reader = new BcsReader(hexToBytes(rawHex.replace(/^0x/i, "")));
    const sender = reader.address();
    const sequenceNumber = reader.u64();
    if (reader.uleb128() !== ENTRY_FUNCTION) return null;
    const moduleAddress = reader.address();
    const module = reader.string();
    const name = reader.string();
    // The platform's entry functions take no type arguments.
    if (reader.uleb128() !== 0) return null;
    const args = Array.from({ length: reader.uleb128() }, () => reader.bytesWithLength());
    const read: EntryTransaction = {
      sender,
      sequenceNumber,
      moduleAddress,
      module,
      function: name,
      args,
      maxGasAmount: reader.u64(),
      gasUnitPrice: reader.u64(),
      expirationTimestampSecs: reader.u64(),
      chainId: reader.take(1)[0] ?? 0,
    };
    return reader.done() ? read : null;
  } catch {
    return null;
  }
}

/** The RawTransaction's hex BCS, as the ledger reads it and the signature covers it. */
export function writeEntryTransaction(tx: EntryTransaction): string {
  const bytes = concatBytes(
    addressBytes(tx.sender),
    u64Bytes(tx.sequenceNumber),
    uleb128(ENTRY_FUNCTION),
    addressBytes(tx.moduleAddress),
    stringBytes(tx.module),
    stringBytes(tx.function),
    uleb128(0),
    uleb128(tx.args.length),
    ...tx.args.flatMap((arg) => [uleb128(arg.length), arg]),
    u64Bytes(tx.maxGasAmount),
    u64Bytes(tx.gasUnitPrice),
    u64Bytes(tx.expirationTimestampSecs),
    Uint8Array.of(tx.chainId),
  );
  return `0x${bytesToHex(bytes)}`;
}
