import { z } from "zod";
import { isValidAddress, normalizeAddress } from "./address-format.js";

/**
 * Input addresses: with or without 0x, short special (0x0..0xf) or long; output is always the
 * long form, so equal addresses compare equal as strings.
 */
export const addressSchema = z
  .string()
  .refine(isValidAddress, { message: "invalid address" })
  .transform(normalizeAddress);

/**
 * Addresses in response bodies, already normalised. Free of transforms so it can be rendered
 * as JSON Schema for the API docs.
 */
export const longAddressSchema = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/, { message: "invalid address: expected 0x and 64 lowercase hex" })
  .meta({ description: "Account address, long form", example: `0x${"0".repeat(63)}1` });

export type Address = z.infer<typeof addressSchema>;
