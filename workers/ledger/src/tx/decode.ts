import {
  Deserializer,
  EntryFunctionBytes,
  hashValues,
  RawTransaction,
  TransactionAuthenticator,
  TransactionPayloadEntryFunction,
} from "@aptos-labs/ts-sdk";
import { bytesToHex } from "../engine/move-values";
import { NodeError } from "../node/errors";

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

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Decodes a BCS SignedTransaction with the SDK's own deserializers (RawTransaction then
 * TransactionAuthenticator, exactly as SignedTransaction.deserialize reads them; reading them
 * apart tells where the signed bytes end). Only entry-function payloads are runnable here.
 */
export function decodeSignedTransaction(body: Uint8Array): DecodedTransaction {
  let raw: RawTransaction;
  let authenticator: TransactionAuthenticator;
  let rawLength: number;
  try {
    const d = new Deserializer(body);
    raw = RawTransaction.deserialize(d);
    rawLength = body.length - d.remaining();
    authenticator = TransactionAuthenticator.deserialize(d);
    if (d.remaining() !== 0) throw new Error(`${d.remaining()} trailing bytes`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw NodeError.invalidInput(`Failed to deserialize input into SignedTransaction: ${reason}`);
  }
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
    signingMessage: concat([RAW_TRANSACTION_PREFIX, body.subarray(0, rawLength)]),
    hash: bytesToHex(hashValues([TRANSACTION_PREFIX, USER_TRANSACTION_TAG, body])),
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
