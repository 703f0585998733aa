import { sha3_256 } from "@noble/hashes/sha3";
import { bytesToHex, concatBytes } from "../auth/bytes.js";
import type { Param } from "../contract/functions.js";
import { type BcsWriter, bcsOf } from "./bcs-writer.js";
import { LedgerError } from "./errors.js";
import { toU8, toU64 } from "./integers.js";
import { type EncodedEntryTransaction, entryTransactionBytes } from "./raw-transaction-bcs.js";

/**
 * BCS of an entry-function transaction, written out from the Aptos type layouts so that building,
 * signing and submitting one needs no SDK: a short-lived CLI run would otherwise spend more time
 * initialising the SDK than talking to the node. A test holds these bytes equal to the SDK's for
 * every entry function of the table.
 */

/** An entry-function argument before encoding; its Move type says how it is encoded. */
export type MoveArgument = boolean | number | bigint | string | Uint8Array | MoveArgument[];

/** An entry transaction whose arguments are still values, encoded by their table types. */
export interface RawEntryTransaction extends Omit<EncodedEntryTransaction, "args"> {
  params: readonly Param[];
  args: readonly MoveArgument[];
}

const utf8 = new TextEncoder();

function invalid(message: string): LedgerError {
  return new LedgerError({ kind: "invalid_input", message });
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
  return bcsOf((w) => writeValue(w, param.type, value, param.name));
}

/** BCS of a RawTransaction whose payload is an entry function without type arguments. */
export function rawEntryTransactionBytes(txn: RawEntryTransaction): Uint8Array {
  const { params, args: values, ...envelope } = txn;
  if (values.length !== params.length) {
    throw invalid(`${txn.function.name}: takes ${params.length} arguments, got ${values.length}`);
  }
  const args = params.map((param, i) => encodeArgument(param, values[i] as MoveArgument));
  return entryTransactionBytes({ ...envelope, args });
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
  return new Uint8Array(
    bcsOf((w) => {
      w.uleb128(signed.length);
      for (const transaction of signed) w.fixed(transaction);
    }),
  );
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
  return bcsOf((w) => {
    w.uleb128(0);
    w.bytesWithLength(publicKey);
    w.bytesWithLength(signature);
  });
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
