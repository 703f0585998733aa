import { z } from "zod";
import { hexToBytes } from "../auth/bytes.js";
import { normalizeAddress } from "../schemas/address-format.js";
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

/** vector<u8>: 0x-prefixed hex, "0x" for an empty vector. */
export const bytesJson = z.string().transform((value, ctx) => {
  const bytes = value.startsWith("0x") ? hexToBytes(value.slice(2)) : null;
  if (bytes !== null) return bytes;
  ctx.issues.push({ code: "custom", message: "expected 0x-prefixed hex bytes", input: value });
  return z.NEVER;
});

export function optionJson<T extends z.ZodType>(inner: T) {
  return z
    .object({ vec: z.array(inner).max(1) })
    .transform((value): z.output<T> | undefined => value.vec[0]);
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
