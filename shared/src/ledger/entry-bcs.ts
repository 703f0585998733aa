import { sha3_256 } from "@noble/hashes/sha3";
import { bytesToHex, concatBytes, hexToBytes } from "../auth/bytes.js";
import type { Param } from "../contract/functions.js";
import { isValidAddress, normalizeAddress } from "../schemas/address-format.js";
import { LedgerError } from "./errors.js";
import { toU8, toU64 } from "./integers.js";

/**
 * BCS of an entry-function transaction, written out from the Aptos type layouts so that building,
 * signing and submitting one needs no SDK: a short-lived CLI run would otherwise spend more time
 * initialising the SDK than talking to the node. A test holds these bytes equal to the SDK's for
 * every entry function of the table.
 */

/** An entry-function argument before encoding; its Move type says how it is encoded. */
export type MoveArgument = boolean | number | bigint | string | Uint8Array | MoveArgument[];

/** `<address>::<module>::<function>` of an entry function, split. */
export interface EntryFunctionRef {
  address: string;
  module: string;
  name: string;
}

export interface RawEntryTransaction {
  sender: string;
  sequenceNumber: bigint;
  function: EntryFunctionRef;
  params: readonly Param[];
  args: readonly MoveArgument[];
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  expirationTimestampSecs: bigint;
  chainId: number;
}

const utf8 = new TextEncoder();

function invalid(message: string): LedgerError {
  return new LedgerError({ kind: "invalid_input", message });
}

class BcsWriter {
  private bytes: number[] = [];

  uleb128(value: number): void {
    let v = value;
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
  }

  u8(value: number): void {
    this.bytes.push(value);
  }

  u64(value: bigint): void {
    let v = value;
    for (let i = 0; i < 8; i++) {
      this.bytes.push(Number(v & 0xffn));
      v >>= 8n;
    }
  }

  fixed(bytes: Uint8Array): void {
    for (const b of bytes) this.bytes.push(b);
  }

  /** Length-prefixed bytes (vector<u8>, and each argument of an entry-function payload). */
  bytesWithLength(bytes: Uint8Array): void {
    this.uleb128(bytes.length);
    this.fixed(bytes);
  }

  str(value: string): void {
    this.bytesWithLength(utf8.encode(value));
  }

  address(value: string): void {
    this.fixed(addressBytes(value));
  }

  toUint8Array(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function addressBytes(value: string): Uint8Array {
  const bytes = isValidAddress(value) ? hexToBytes(normalizeAddress(value).slice(2)) : null;
  if (bytes === null) throw invalid(`"${value}" is not an account address`);
  return bytes;
}

function writeValue(w: BcsWriter, type: string, value: MoveArgument, name: string): void {
  switch (type) {
    case "bool":
      if (typeof value !== "boolean") throw invalid(`${name}: expected a bool`);
      w.u8(value ? 1 : 0);
      return;
    case "u8":
      if (typeof value !== "number") throw invalid(`${name}: expected a u8`);
      w.u8(toU8(value, name));
      return;
    case "u64":
      if (typeof value !== "bigint" && typeof value !== "number" && typeof value !== "string") {
        throw invalid(`${name}: expected a u64`);
      }
      w.u64(toU64(value, name));
      return;
    case "address":
      if (typeof value !== "string") throw invalid(`${name}: expected an address`);
      w.address(value);
      return;
    case "String":
      if (typeof value !== "string") throw invalid(`${name}: expected a string`);
      w.str(value);
      return;
    case "vector<u8>":
      if (!(value instanceof Uint8Array)) throw invalid(`${name}: expected bytes`);
      w.bytesWithLength(value);
      return;
  }
  const inner = /^vector<(.+)>$/.exec(type)?.[1];
  if (inner === undefined) throw invalid(`${name}: cannot encode Move type ${type}`);
  if (!Array.isArray(value)) throw invalid(`${name}: expected a list`);
  const items: readonly MoveArgument[] = value;
  w.uleb128(items.length);
  items.forEach((item, i) => {
    writeValue(w, inner, item, `${name}[${i}]`);
  });
}

/** One argument's BCS bytes, by its Move type from the table. */
function encodeArgument(param: Param, value: MoveArgument): Uint8Array {
  const w = new BcsWriter();
  writeValue(w, param.type, value, param.name);
  return w.toUint8Array();
}

/** BCS of a RawTransaction whose payload is an entry function without type arguments. */
export function rawEntryTransactionBytes(txn: RawEntryTransaction): Uint8Array {
  if (txn.args.length !== txn.params.length) {
    throw invalid(
      `${txn.function.name}: takes ${txn.params.length} arguments, got ${txn.args.length}`,
    );
  }
  const args = txn.params.map((param, i) => encodeArgument(param, txn.args[i] as MoveArgument));
  const w = new BcsWriter();
  w.address(txn.sender);
  w.u64(txn.sequenceNumber);
  // TransactionPayload::EntryFunction
  w.uleb128(2);
  w.address(txn.function.address);
  w.str(txn.function.module);
  w.str(txn.function.name);
  w.uleb128(0);
  w.uleb128(args.length);
  for (const arg of args) w.bytesWithLength(arg);
  w.u64(txn.maxGasAmount);
  w.u64(txn.gasUnitPrice);
  w.u64(txn.expirationTimestampSecs);
  w.u8(txn.chainId);
  return w.toUint8Array();
}

const RAW_TRANSACTION_PREFIX = sha3_256(utf8.encode("APTOS::RawTransaction"));
const TRANSACTION_PREFIX = sha3_256(utf8.encode("APTOS::Transaction"));

/** What the sender signs: sha3-256("APTOS::RawTransaction") followed by the raw transaction. */
export function signingMessage(rawTransaction: Uint8Array): Uint8Array {
  return concatBytes(RAW_TRANSACTION_PREFIX, rawTransaction);
}

/**
 * A signed transaction's hash as the node names it (0x + 64 hex): sha3-256 of
 * sha3-256("APTOS::Transaction"), the UserTransaction tag (0) and the signed transaction's BCS. A
 * batch submission answers no hashes, so its sender computes them.
 */
export function signedTransactionHash(signed: Uint8Array): string {
  return `0x${bytesToHex(sha3_256(concatBytes(TRANSACTION_PREFIX, Uint8Array.of(0), signed)))}`;
}

/** The body of a batch submission: a BCS vector of signed transactions. */
export function signedTransactionBatchBytes(
  signed: readonly Uint8Array[],
): Uint8Array<ArrayBuffer> {
  const w = new BcsWriter();
  w.uleb128(signed.length);
  for (const transaction of signed) w.fixed(transaction);
  return new Uint8Array(w.toUint8Array());
}

// AccountAuthenticator variants whose TransactionAuthenticator twin has the same index and
// layout (Ed25519, MultiEd25519); every other kind travels inside SingleSender.
const SAME_LAYOUT_VARIANTS = new Set([0, 1]);
const SINGLE_SENDER = 4;

/**
 * BCS of a SignedTransaction from the raw transaction and the sender's AccountAuthenticator,
 * wrapped the way the SDK wraps it for a single sender.
 */
export function signedTransactionBytes(
  rawTransaction: Uint8Array,
  accountAuthenticator: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const variant = accountAuthenticator[0];
  if (variant === undefined || variant >= 0x80) throw invalid("authenticator: unexpected bytes");
  return SAME_LAYOUT_VARIANTS.has(variant)
    ? concatBytes(rawTransaction, accountAuthenticator)
    : concatBytes(rawTransaction, Uint8Array.of(SINGLE_SENDER), accountAuthenticator);
}

/** The BCS AccountAuthenticator::Ed25519 of a public key and a signature. */
export function ed25519Authenticator(publicKey: Uint8Array, signature: Uint8Array): Uint8Array {
  const w = new BcsWriter();
  w.uleb128(0);
  w.bytesWithLength(publicKey);
  w.bytesWithLength(signature);
  return w.toUint8Array();
}

/**
 * The AccountAuthenticator a simulation is sent with: the account's public key and an all-zero
 * signature, which the node requires of `POST /v1/transactions/simulate` (a valid signature is
 * refused there).
 */
export function ed25519SimulationAuthenticator(publicKey: Uint8Array): Uint8Array {
  return ed25519Authenticator(publicKey, new Uint8Array(64));
}

/** The address of a single-key Ed25519 account: sha3-256(public key || 0x00). */
export function ed25519Address(publicKey: Uint8Array): string {
  const hash = sha3_256(concatBytes(publicKey, Uint8Array.of(0)));
  return `0x${bytesToHex(hash)}`;
}
