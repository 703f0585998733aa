import {
  Deserializer,
  EntryFunctionBytes,
  hashValues,
  RawTransaction,
  TransactionAuthenticator,
  TransactionPayloadEntryFunction,
} from "@aptos-labs/ts-sdk";
import { concatBytes } from "#shared/auth/bytes";
import { MAX_BATCH_TRANSACTIONS } from "#shared/ledger/transaction-batch";
import { bytesToHex } from "../engine/move-values.js";
import { NodeError } from "../node/errors.js";

const TRANSACTION_PREFIX = hashValues(["APTOS::Transaction"]);
const RAW_TRANSACTION_PREFIX = hashValues(["APTOS::RawTransaction"]);
/** `Transaction::UserTransaction`'s enum tag in the hashed bytes. */
const USER_TRANSACTION_TAG = Uint8Array.of(0);

export interface DecodedTransaction {
  raw: RawTransaction;
  authenticator: TransactionAuthenticator;
  /** sha3_256("APTOS::RawTransaction") ‖ bcs(RawTransaction): what the sender signed. */
  signingMessage: Uint8Array;
  /** The committed hash (aptos-node-api.md §12), 0x + 64 hex. */
  hash: string;
  sender: string;
  call: {
    address: string;
    module: string;
    fn: string;
    typeArguments: string[];
    args: Uint8Array[];
  };
}

/** A signed transaction as read from the wire, before its call is looked at. */
export interface ReadTransaction {
  raw: RawTransaction;
  authenticator: TransactionAuthenticator;
  /** The transaction's own BCS bytes (hashed for its id). */
  signed: Uint8Array;
  /** How many of them are the RawTransaction (the signed part). */
  rawLength: number;
}

function undecodable(error: unknown, what: string): NodeError {
  const reason = error instanceof Error ? error.message : String(error);
  return NodeError.invalidInput(`Failed to deserialize input into ${what}: ${reason}`);
}

/**
 * Reads one BCS SignedTransaction at the deserializer's position with the SDK's own
 * deserializers (RawTransaction then TransactionAuthenticator, exactly as
 * SignedTransaction.deserialize reads them; reading them apart tells where the signed bytes end).
 * `body` is the buffer the deserializer reads, so the transaction's own bytes can be hashed.
 */
function readSignedTransaction(d: Deserializer, body: Uint8Array): ReadTransaction {
  const start = body.length - d.remaining();
  const raw = RawTransaction.deserialize(d);
  const rawEnd = body.length - d.remaining();
  const authenticator = TransactionAuthenticator.deserialize(d);
  const signed = body.subarray(start, body.length - d.remaining());
  return { raw, authenticator, signed, rawLength: rawEnd - start };
}

/**
 * Decodes one signed transaction, the body of POST /v1/transactions. Only entry-function
 * payloads are runnable here.
 */
export function decodeSignedTransaction(body: Uint8Array): DecodedTransaction {
  let read: ReadTransaction;
  try {
    const d = new Deserializer(body);
    read = readSignedTransaction(d, body);
    if (d.remaining() !== 0) throw new Error(`${d.remaining()} trailing bytes`);
  } catch (error) {
    throw undecodable(error, "SignedTransaction");
  }
  return toDecodedTransaction(read);
}

/**
 * Splits the body of POST /v1/transactions/batch, a BCS vector of signed transactions, into its
 * transactions. Decoding is all or nothing, as on the node: one malformed entry refuses the batch.
 */
export function decodeSignedTransactionBatch(body: Uint8Array): ReadTransaction[] {
  try {
    const d = new Deserializer(body);
    const count = d.deserializeUleb128AsU32();
    if (count > MAX_BATCH_TRANSACTIONS) {
      throw new Error(`${count} transactions, at most ${MAX_BATCH_TRANSACTIONS} per batch`);
    }
    const batch = Array.from({ length: count }, () => readSignedTransaction(d, body));
    if (d.remaining() !== 0) throw new Error(`${d.remaining()} trailing bytes`);
    return batch;
  } catch (error) {
    throw undecodable(error, "a vector of SignedTransaction");
  }
}

/** What the devnode needs of a signed transaction it read: its call, signing message and hash. */
export function toDecodedTransaction({
  raw,
  authenticator,
  signed,
  rawLength,
}: ReadTransaction): DecodedTransaction {
  const payload = raw.payload;
  if (!(payload instanceof TransactionPayloadEntryFunction)) {
    throw NodeError.vm(
      "FEATURE_UNDER_GATING",
      "the devnode runs entry-function payloads only (no scripts, multisig or orderless payloads)",
    );
  }
  const ef = payload.entryFunction;
  const args = ef.args.map((arg) => {
    if (!(arg instanceof EntryFunctionBytes))
      throw NodeError.invalidInput("unexpected argument encoding");
    return arg.value.value;
  });
  return {
    raw,
    authenticator,
    signingMessage: concatBytes(RAW_TRANSACTION_PREFIX, signed.subarray(0, rawLength)),
    hash: bytesToHex(hashValues([TRANSACTION_PREFIX, USER_TRANSACTION_TAG, signed])),
    sender: raw.sender.toStringLong(),
    call: {
      address: ef.module_name.address.toStringLong(),
      module: ef.module_name.name.identifier,
      fn: ef.function_name.identifier,
      typeArguments: ef.type_args.map((t) => t.toString()),
      args,
    },
  };
}
