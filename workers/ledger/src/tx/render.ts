import type { RawTransaction } from "@aptos-labs/ts-sdk";
import { hexLiteral } from "../engine/move-values.js";
import type { JsonValue } from "../engine/types.js";
import type { RestEvent } from "../node/store.js";
import { argToJson } from "./move-args.js";
import type { ResolvedCall } from "./resolve.js";

/** Hashes of the Merkle accumulator and state tree, which the devnode does not keep. */
const NO_HASH = `0x${"0".repeat(64)}`;

export type TransactionRequestJson = {
  hash: string;
  sender: string;
  sequence_number: string;
  max_gas_amount: string;
  gas_unit_price: string;
  expiration_timestamp_secs: string;
  payload: JsonValue;
  signature: JsonValue;
};

/** The request half of a transaction's REST JSON, shared by pending and committed forms. */
export function requestJson(args: {
  hash: string;
  raw: RawTransaction;
  call: ResolvedCall;
  signature: JsonValue;
}): TransactionRequestJson {
  const { raw, call } = args;
  return {
    hash: args.hash,
    sender: hexLiteral(raw.sender.toStringLong()),
    sequence_number: raw.sequence_number.toString(),
    max_gas_amount: raw.max_gas_amount.toString(),
    gas_unit_price: raw.gas_unit_price.toString(),
    expiration_timestamp_secs: raw.expiration_timestamp_secs.toString(),
    payload: {
      type: "entry_function_payload",
      function: call.functionId,
      type_arguments: call.typeArguments,
      arguments: call.args.map((arg, i) => argToJson(call.paramTypes[i] ?? "", arg)),
    },
    signature: args.signature,
  };
}

export function pendingJson(request: TransactionRequestJson): Record<string, JsonValue> {
  return { type: "pending_transaction", ...request };
}

/** A committed user transaction in the REST shape (aptos-node-api.md §7). */
export function committedJson(args: {
  request: TransactionRequestJson;
  version: bigint;
  gasUsed: bigint;
  success: boolean;
  vmStatus: string;
  events: RestEvent[];
  timestampMicros: bigint;
}): Record<string, JsonValue> {
  const { request } = args;
  return {
    type: "user_transaction",
    version: args.version.toString(),
    hash: request.hash,
    state_change_hash: NO_HASH,
    event_root_hash: NO_HASH,
    state_checkpoint_hash: null,
    gas_used: args.gasUsed.toString(),
    success: args.success,
    vm_status: args.vmStatus,
    accumulator_root_hash: NO_HASH,
    changes: [],
    sender: request.sender,
    sequence_number: request.sequence_number,
    max_gas_amount: request.max_gas_amount,
    gas_unit_price: request.gas_unit_price,
    expiration_timestamp_secs: request.expiration_timestamp_secs,
    payload: request.payload,
    signature: request.signature,
    events: args.events,
    timestamp: args.timestampMicros.toString(),
  };
}
