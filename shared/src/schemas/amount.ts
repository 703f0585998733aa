import { z } from "zod";

export const MAX_U64 = 18446744073709551615n;

// Digits only, no leading zeros except "0" itself: one canonical spelling per amount.
const CANONICAL_UINT = /^(0|[1-9][0-9]*)$/;

/** Amount in octas: a decimal string on the wire, a bigint inside, u64 on the ledger. */
export const amountSchema = z
  .string()
  .regex(CANONICAL_UINT, { message: "amount must be a non-negative integer string of octas" })
  .transform((s) => BigInt(s))
  .refine((n) => n <= MAX_U64, { message: "amount exceeds u64" });

export type Amount = z.output<typeof amountSchema>;

/** Wire form of an amount; the inverse of `amountSchema`. */
export function octasToString(octas: bigint): string {
  return octas.toString(10);
}
