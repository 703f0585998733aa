import { z } from "zod";
import { CANONICAL_UINT, fitsU64 } from "./u64.js";

/**
 * Amount in octas as it travels on the wire: a decimal string that fits u64. Free of transforms,
 * so response schemas can use it and be rendered as JSON Schema.
 */
export const amountStringSchema = z
  .string()
  .regex(CANONICAL_UINT, { message: "must be a non-negative integer string of octas", abort: true })
  .refine((s) => fitsU64(BigInt(s)), { message: "must fit in u64" })
  .meta({ description: "Amount in octas (1 APT = 100000000), decimal string", example: "1000" });

/** Amount in octas from a request: string on the wire, bigint inside. */
export const amountSchema = amountStringSchema.transform((s) => BigInt(s));

export type Amount = z.output<typeof amountSchema>;

/** Wire form of an amount; the inverse of `amountSchema`. */
export function octasToString(octas: bigint): string {
  return octas.toString(10);
}
