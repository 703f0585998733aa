import { AccountAddress, Deserializer } from "@aptos-labs/ts-sdk";
import type { Param } from "../contract/functions.js";

/** An entry-function argument decoded by its Move type from the table. */
export type DecodedArg = boolean | number | bigint | string | Uint8Array | DecodedArg[];

function decodeValue(d: Deserializer, type: string): DecodedArg {
  switch (type) {
    case "bool":
      return d.deserializeBool();
    case "u8":
      return d.deserializeU8();
    case "u64":
      return d.deserializeU64();
    case "address":
      return AccountAddress.deserialize(d).toStringLong();
    case "String":
      return d.deserializeStr();
    case "vector<u8>":
      return d.deserializeBytes();
  }
  const inner = /^vector<(.+)>$/.exec(type)?.[1];
  if (inner !== undefined) {
    const length = d.deserializeUleb128AsU32();
    const items: DecodedArg[] = [];
    for (let i = 0; i < length; i++) items.push(decodeValue(d, inner));
    return items;
  }
  throw new Error(`cannot decode Move type ${type}`);
}

/**
 * Decodes one argument's BCS bytes (as carried in an entry-function payload) by its table type.
 * Throws when the bytes do not hold exactly one value of that type.
 */
export function decodeArgument(bytes: Uint8Array, param: Param): DecodedArg {
  const d = new Deserializer(bytes);
  const value = decodeValue(d, param.type);
  if (d.remaining() !== 0) throw new Error(`${param.name}: ${d.remaining()} trailing bytes`);
  return value;
}
