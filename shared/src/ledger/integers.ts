import { CANONICAL_UINT, fitsU64 } from "../schemas/u64.js";
import { invalidArgument } from "./errors.js";

/** Integer arguments as callers may give them; checked before anything is signed. */
export type U64Input = bigint | number | string;

export function toU64(value: U64Input, field: string): bigint {
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw invalidArgument(field, "must be a whole number");
    n = BigInt(value);
  } else if (CANONICAL_UINT.test(value)) n = BigInt(value);
  else throw invalidArgument(field, `"${value}" is not a non-negative integer`);
  if (!fitsU64(n)) throw invalidArgument(field, "must fit in u64 (0 to 18446744073709551615)");
  return n;
}

export function toU8(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 255)
    throw invalidArgument(field, "must be 0 to 255");
  return value;
}
