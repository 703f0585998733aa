import { AccountAddress } from "@aptos-labs/ts-sdk";
import { z } from "zod";

/**
 * Accepts every form ts-sdk's AccountAddress accepts in non-strict mode (with or without 0x,
 * short or long) and returns the long form, so equal addresses compare equal as strings.
 */
export function isValidAddress(input: string): boolean {
  return AccountAddress.isValid({ input, strict: false }).valid;
}

/** Throws on an invalid address; callers with untrusted input use `addressSchema`. */
export function normalizeAddress(input: string): string {
  return AccountAddress.from(input).toStringLong();
}

export const addressSchema = z
  .string()
  .refine(isValidAddress, { message: "invalid address" })
  .transform(normalizeAddress);

export type Address = z.infer<typeof addressSchema>;
