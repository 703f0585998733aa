import { Deserializer } from "@aptos-labs/ts-sdk";
import type { MoveType } from "#shared/contract";
import { bytesToHex, hexLiteral, hexToBytes, longAddress } from "../engine/move-values.js";
import type { JsonValue, MoveArg } from "../engine/types.js";

/** An argument that does not decode as its parameter's Move type. */
export class ArgumentDecodeError extends Error {
  override name = "ArgumentDecodeError";
}

const U64_MAX = (1n << 64n) - 1n;
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function vectorInner(type: string): string | null {
  const match = /^vector<(.+)>$/.exec(type);
  return match ? (match[1] ?? "") : null;
}

function readValue(type: MoveType, d: Deserializer): MoveArg {
  switch (type) {
    case "bool": {
      const byte = d.deserializeU8();
      if (byte > 1) throw new ArgumentDecodeError(`bool byte ${byte}`);
      return byte === 1;
    }
    case "u8":
      return d.deserializeU8();
    case "u64":
      return d.deserializeU64();
    case "address":
      return bytesToHex(d.deserializeFixedBytes(32));
    case "String":
      // Move checks a String argument is valid UTF-8; so does the fatal decoder.
      return UTF8.decode(d.deserializeBytes());
    case "vector<u8>":
      return d.deserializeBytes();
  }
  const inner = vectorInner(type);
  if (inner === null) throw new ArgumentDecodeError(`unsupported parameter type ${type}`);
  const length = d.deserializeUleb128AsU32();
  const out: MoveArg[] = [];
  for (let i = 0; i < length; i++) out.push(readValue(inner, d));
  return out;
}

/** Decodes one argument's BCS bytes by its Move type; trailing bytes are an error, as in the VM. */
export function decodeBcsArg(type: MoveType, bytes: Uint8Array): MoveArg {
  const d = new Deserializer(bytes);
  try {
    const value = readValue(type, d);
    if (d.remaining() !== 0) throw new ArgumentDecodeError("trailing bytes");
    return value;
  } catch (error) {
    if (error instanceof ArgumentDecodeError) throw error;
    throw new ArgumentDecodeError(error instanceof Error ? error.message : String(error));
  }
}

/** Renders a decoded argument as REST JSON (aptos-node-api.md §9), for payloads in responses. */
export function argToJson(type: MoveType, value: MoveArg): JsonValue {
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (typeof value === "bigint") return value.toString();
  if (type === "address" && typeof value === "string") return hexLiteral(value);
  if (Array.isArray(value)) {
    const inner = vectorInner(type) ?? "";
    return value.map((v) => argToJson(inner, v));
  }
  return value;
}

function fail(type: MoveType, value: unknown): never {
  throw new ArgumentDecodeError(`expected ${type}, got ${JSON.stringify(value) ?? typeof value}`);
}

/**
 * Reads a JSON view argument by its Move type, as the node does for `POST /v1/view` with a JSON
 * body: integers as strings or numbers, addresses in any form, bytes as hex.
 */
export function jsonToArg(type: MoveType, value: unknown): MoveArg {
  switch (type) {
    case "bool":
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "false") return value === "true";
      return fail(type, value);
    case "u8": {
      const n = typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : value;
      if (typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 255) return n;
      return fail(type, value);
    }
    case "u64": {
      const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof text !== "string" || !/^\d{1,20}$/.test(text)) return fail(type, value);
      const n = BigInt(text);
      return n <= U64_MAX ? n : fail(type, value);
    }
    case "address":
      if (typeof value !== "string") return fail(type, value);
      try {
        return longAddress(value);
      } catch {
        return fail(type, value);
      }
    case "String":
      return typeof value === "string" ? value : fail(type, value);
    case "vector<u8>":
      if (typeof value !== "string") return fail(type, value);
      try {
        return hexToBytes(value);
      } catch {
        return fail(type, value);
      }
  }
  const inner = vectorInner(type);
  if (inner !== null && Array.isArray(value)) return value.map((v) => jsonToArg(inner, v));
  return fail(type, value);
}
