import { hexToBytes as bytesOf, bytesToHex as hexOf } from "#shared/auth/bytes";
import { type MoveType, STRUCTS, type StructName } from "#shared/contract";
import { normalizeAddress } from "#shared/schemas/address-format";
import type { JsonValue } from "./types.js";

const U64_MAX = (1n << 64n) - 1n;

/** Normalises any address form (short, long, upper case) to `0x` + 64 lowercase hex digits. */
export const longAddress = normalizeAddress;

/** Move's `to_hex_literal`: the form addresses take in REST JSON and in abort locations. */
export function hexLiteral(address: string): string {
  const trimmed = longAddress(address).slice(2).replace(/^0+/, "");
  return `0x${trimmed === "" ? "0" : trimmed}`;
}

/** vector<u8> as Move JSON writes it: 0x-prefixed hex. */
export function bytesToHex(bytes: Uint8Array): string {
  return `0x${hexOf(bytes)}`;
}

/** The bytes of hex with or without 0x; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  const bytes = bytesOf(hex.replace(/^0x/, ""));
  if (bytes === null) throw new Error(`not hex bytes: ${hex}`);
  return bytes;
}

/**
 * Renders a value of a contract Move type as the Aptos REST API does (aptos-node-api.md §9).
 * Throws on a value that does not fit its type: that is an engine bug, never user input.
 */
export function toJson(type: MoveType, value: unknown): JsonValue {
  const t = type.trim();
  const wrong = (): never => {
    throw new Error(`engine produced a value that is not a ${t}: ${String(value)}`);
  };
  switch (t) {
    case "bool":
      return typeof value === "boolean" ? value : wrong();
    case "u8":
      return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 255
        ? value
        : wrong();
    case "u64":
      return typeof value === "bigint" && value >= 0n && value <= U64_MAX
        ? value.toString()
        : wrong();
    case "address":
      return typeof value === "string" ? hexLiteral(value) : wrong();
    case "String":
      return typeof value === "string" ? value : wrong();
    case "vector<u8>":
      return value instanceof Uint8Array ? bytesToHex(value) : wrong();
  }
  const generic = /^(vector|Option)<(.+)>$/.exec(t);
  if (generic) {
    const inner = generic[2] ?? "";
    if (generic[1] === "vector") {
      return Array.isArray(value) ? value.map((v) => toJson(inner, v)) : wrong();
    }
    return { vec: value === null ? [] : [toJson(inner, value)] };
  }
  if (t in STRUCTS && typeof value === "object" && value !== null && !Array.isArray(value)) {
    return fieldsToJson(STRUCTS[t as StructName].fields, value);
  }
  return wrong();
}

/**
 * A struct or event as a JSON object, fields in declaration order. The value must have exactly
 * the table's fields, so a misspelt or missing field fails loudly.
 */
export function fieldsToJson(
  fields: readonly { name: string; type: MoveType }[],
  value: object,
): Record<string, JsonValue> {
  const entries = new Map<string, unknown>(Object.entries(value));
  const out: Record<string, JsonValue> = {};
  for (const field of fields) {
    if (!entries.has(field.name)) throw new Error(`engine value lacks field ${field.name}`);
    out[field.name] = toJson(field.type, entries.get(field.name));
    entries.delete(field.name);
  }
  if (entries.size > 0) throw new Error(`engine value has extra fields: ${[...entries.keys()]}`);
  return out;
}
