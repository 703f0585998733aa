import { AccountAddress } from "@aptos-labs/ts-sdk";
import { LedgerError } from "./errors.js";

/**
 * Type-level checks on arguments before anything is signed. Contract rules (id charset, lengths,
 * limits) are deliberately NOT checked here: the ledger enforces them and its abort names what
 * failed, the same on the devnode and on Aptos.
 */
export type U64Input = bigint | number | string;

const MAX_U64 = 2n ** 64n - 1n;

function invalid(field: string, why: string): LedgerError {
  return new LedgerError({ kind: "invalid_input", message: `${field}: ${why}` });
}

export function toU64(value: U64Input, field: string): bigint {
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw invalid(field, "must be a whole number");
    n = BigInt(value);
  } else if (/^(0|[1-9][0-9]*)$/.test(value)) n = BigInt(value);
  else throw invalid(field, `"${value}" is not a non-negative integer`);
  if (n < 0n || n > MAX_U64) throw invalid(field, "must fit in u64 (0 to 18446744073709551615)");
  return n;
}

export function toU8(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 255)
    throw invalid(field, "must be 0 to 255");
  return value;
}

/** Long form; accepts every form AccountAddress accepts in non-strict mode. */
export function toAddress(value: string | AccountAddress, field: string): string {
  if (value instanceof AccountAddress) return value.toStringLong();
  if (!AccountAddress.isValid({ input: value, strict: false }).valid) {
    throw invalid(field, `"${value}" is not an account address`);
  }
  return AccountAddress.from(value).toStringLong();
}

export function toAddresses(values: readonly (string | AccountAddress)[], field: string): string[] {
  return values.map((value, i) => toAddress(value, `${field}[${i}]`));
}

export function toBytes(value: Uint8Array | undefined, field: string): Uint8Array {
  if (value === undefined) return new Uint8Array();
  if (!(value instanceof Uint8Array)) throw invalid(field, "must be a Uint8Array");
  return value;
}
