// Free of zod on purpose: the BCS code imports it (shared/src/ledger/bcs-writer.ts), and the
// console bundles that code (docs/console.md, "Why hono/jsx/dom"); address.ts builds the schemas
// on these functions.

const HEX_DIGITS = /^[0-9a-fA-F]{1,64}$/;
/** ts-sdk's AccountAddress.from allows at most 4 missing leading zeros, except for 0x0..0xf. */
const MIN_DIGITS_OF_ORDINARY_ADDRESS = 60;

/**
 * The same rule as ts-sdk's non-strict `AccountAddress.isValid` (a test holds the two together),
 * written out so that validating a request does not pull the whole SDK into every Worker.
 */
export function isValidAddress(input: string): boolean {
  const digits = input.startsWith("0x") ? input.slice(2) : input;
  if (!HEX_DIGITS.test(digits)) return false;
  return digits.length >= MIN_DIGITS_OF_ORDINARY_ADDRESS || Number.parseInt(digits, 16) < 16;
}

/**
 * Long form (`0x` + 64 lowercase hex) of 1 to 64 hex digits, with or without 0x (or 0X); throws
 * on anything else. It takes every form the ledger node prints (it trims leading zeros: "0xfa").
 * Whether a user may write an address that short is `isValidAddress`'s question, which
 * `addressSchema` asks first.
 */
export function normalizeAddress(input: string): string {
  const digits = /^0x/i.test(input) ? input.slice(2) : input;
  if (!HEX_DIGITS.test(digits)) throw new Error(`invalid address: ${input}`);
  return `0x${digits.toLowerCase().padStart(64, "0")}`;
}

/**
 * The zero address, long form: reserved, so nobody holds a key for it (the anonymous caller of
 * docs/mcp.md, "Who calls").
 */
export const ZERO_ADDRESS = `0x${"0".repeat(64)}`;

/**
 * How an address is shown to a person (AIP-40, as the SDK's AccountAddress.toString): the
 * special addresses 0x0..0xf short, every other one in long form.
 */
export function displayAddress(input: string): string {
  const long = normalizeAddress(input);
  const value = BigInt(long);
  return value < 16n ? `0x${value.toString(16)}` : long;
}
