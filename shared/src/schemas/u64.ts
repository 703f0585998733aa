// Free of zod on purpose: the BCS code checks its integers with these (shared/src/ledger/
// integers.ts), and the console bundles that code (docs/console.md, "Why hono/jsx/dom");
// amount.ts builds the amount schemas on them.

export const MAX_U64 = 18446744073709551615n;

/** Digits only, no leading zeros except "0" itself: one canonical spelling per number. */
export const CANONICAL_UINT = /^(0|[1-9][0-9]*)$/;

/** Whether a Move u64 holds the number: 0 to 2^64 - 1. */
export function fitsU64(value: bigint): boolean {
  return value >= 0n && value <= MAX_U64;
}
