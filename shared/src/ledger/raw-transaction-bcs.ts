import { readWhole } from "./bcs-reader.js";
import { BcsWriter } from "./bcs-writer.js";

/** `<address>::<module>::<function>` of an entry function, split. */
export interface EntryFunctionRef {
  address: string;
  module: string;
  name: string;
}

/**
 * A RawTransaction whose payload is an entry function without type arguments (the only kind the
 * platform sends), each argument already BCS, one per parameter, as the payload carries them.
 */
export interface EncodedEntryTransaction {
  sender: string;
  sequenceNumber: bigint;
  function: EntryFunctionRef;
  args: readonly Uint8Array[];
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  expirationTimestampSecs: bigint;
  chainId: number;
}

/** TransactionPayload::EntryFunction's variant. */
const ENTRY_FUNCTION = 2;

/** The RawTransaction's BCS, as the ledger reads it and the signature covers it. */
export function entryTransactionBytes(txn: EncodedEntryTransaction): Uint8Array {
  const w = new BcsWriter();
  w.address(txn.sender);
  w.u64(txn.sequenceNumber);
  w.uleb128(ENTRY_FUNCTION);
  w.address(txn.function.address);
  w.str(txn.function.module);
  w.str(txn.function.name);
  w.uleb128(0);
  w.uleb128(txn.args.length);
  for (const arg of txn.args) w.bytesWithLength(arg);
  w.u64(txn.maxGasAmount);
  w.u64(txn.gasUnitPrice);
  w.u64(txn.expirationTimestampSecs);
  w.u8(txn.chainId);
  return w.toUint8Array();
}

/**
 * The entry transaction a RawTransaction's BCS holds, addresses in long form; null for any other
 * payload, type arguments, or bytes that are not exactly one RawTransaction. The console reads an
 * offer with it before a wallet signs (docs/console.md, "Paying for a run").
 */
export function readEntryTransaction(bytes: Uint8Array): EncodedEntryTransaction | null {
  return readWhole(bytes, (r) => {
    const sender = r.address();
    const sequenceNumber = r.u64();
    if (r.uleb128() !== ENTRY_FUNCTION) return null;
    const fn = { address: r.address(), module: r.string(), name: r.string() };
    if (r.uleb128() !== 0) return null;
    const args = Array.from({ length: r.uleb128() }, () => r.bytesWithLength());
    return {
      sender,
      sequenceNumber,
      function: fn,
      args,
      maxGasAmount: r.u64(),
      gasUnitPrice: r.u64(),
      expirationTimestampSecs: r.u64(),
      chainId: r.u8(),
    };
  });
}
