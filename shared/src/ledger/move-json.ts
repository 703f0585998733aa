import { AccountAddress } from "@aptos-labs/ts-sdk";
import { z } from "zod";
import { LedgerError } from "./errors.js";

/**
 * Zod readers for Move values in the REST API's JSON encoding (view results, event data):
 * u64 as a decimal string, u8 as a number, addresses possibly trimmed, Option as {vec: [...]},
 * vector<u8> as 0x-hex. Node answers are untrusted input, so every one goes through these.
 */
export const u64Json = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform((value) => BigInt(value))
  .refine((value) => value < 2n ** 64n, { message: "u64 out of range" });

export const u8Json = z.number().int().min(0).max(255);

export const boolJson = z.boolean();

export const stringJson = z.string();

/** Any address form the node may print (it trims leading zeros), normalised to the long form. */
export const addressJson = z.string().transform((value, ctx) => {
  try {
    return normalizeAddress(value);
  } catch {
    ctx.issues.push({ code: "custom", message: `invalid address "${value}"`, input: value });
    return z.NEVER;
  }
});

export const bytesJson = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, { message: "expected 0x-prefixed hex bytes" })
  .transform((value) => hexToBytes(value));

// Hex.fromHexString refuses "0x", which is how the node writes an empty vector<u8>.
function hexToBytes(hex: string): Uint8Array {
  const digits = hex.slice(2);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export function optionJson<T extends z.ZodType>(inner: T) {
  return z
    .object({ vec: z.array(inner).max(1) })
    .transform((value): z.output<T> | undefined => value.vec[0]);
}

/** Long form, 0x + 64 lowercase hex; accepts trimmed node output such as "0x1" or "0xfa". */
export function normalizeAddress(value: string): string {
  return AccountAddress.fromString(value.startsWith("0x") ? value : `0x${value}`, {
    maxMissingChars: 63,
  }).toStringLong();
}

/** Parses node output with a schema; a mismatch is the node's fault, reported as "rejected". */
export function readMoveJson<T extends z.ZodType>(
  schema: T,
  value: unknown,
  what: string,
): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new LedgerError({
      kind: "rejected",
      message: `${what}: unexpected answer from the ledger node: ${z.prettifyError(parsed.error)}`,
    });
  }
  return parsed.data;
}
