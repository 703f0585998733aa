import { z } from "zod";
import { ID_CHARSET, LIMITS } from "../contract/limits.js";

const utf8 = new TextEncoder();

/** Ledger limits count bytes, not UTF-16 code units, so the check encodes the string. */
export function utf8Length(s: string): number {
  return utf8.encode(s).length;
}

/** A string of 1..maxBytes UTF-8 bytes; names, descriptions and ids share this rule. */
export function byteBoundedString(args: { minBytes: number; maxBytes: number }) {
  const { minBytes, maxBytes } = args;
  return z.string().refine(
    (s) => {
      const n = utf8Length(s);
      return n >= minBytes && n <= maxBytes;
    },
    { message: `must be ${minBytes}..${maxBytes} bytes`, abort: true },
  );
}

function idSchema(maxBytes: number) {
  return (
    byteBoundedString({ minBytes: 1, maxBytes })
      .refine((s) => ID_CHARSET.test(s), { message: "may only contain A-Z a-z 0-9 . _ -" })
      // The refinements above are invisible to JSON Schema; the charset is ASCII, so bytes are
      // characters and this pattern states the same rule in the API docs.
      .meta({ pattern: `^[A-Za-z0-9._-]{1,${maxBytes}}$` })
  );
}

/** Process, workflow and task ids: 1..64 bytes of `[A-Za-z0-9._-]` (ledger-contract.md). */
export const processIdSchema = idSchema(LIMITS.MAX_ID_BYTES);
export const workflowIdSchema = idSchema(LIMITS.MAX_ID_BYTES);
export const taskIdSchema = idSchema(LIMITS.MAX_ID_BYTES);
/** make_payment accepts longer task ids (1..128 bytes), so a transaction id can serve as one. */
export const paymentTaskIdSchema = idSchema(LIMITS.MAX_PAYMENT_TASK_ID_BYTES);

export type ProcessId = z.infer<typeof processIdSchema>;
export type WorkflowId = z.infer<typeof workflowIdSchema>;
export type TaskId = z.infer<typeof taskIdSchema>;
export type PaymentTaskId = z.infer<typeof paymentTaskIdSchema>;
