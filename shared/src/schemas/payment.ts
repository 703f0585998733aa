import { z } from "zod";
import { OUTCOME, PAYMENT_STATUS } from "../contract/status.js";
import { longAddressSchema } from "./address.js";
import { amountSchema, amountStringSchema } from "./amount.js";
import { paymentTaskIdSchema, processIdSchema } from "./ids.js";
import { nameOfCode } from "./status-names.js";

export type PaymentStatusName = keyof typeof PAYMENT_STATUS;
export type PaymentStatusCode = (typeof PAYMENT_STATUS)[PaymentStatusName];
export type OutcomeName = keyof typeof OUTCOME;
export type OutcomeCode = (typeof OUTCOME)[OutcomeName];

export const paymentStatusSchema = z
  .literal(Object.values(PAYMENT_STATUS))
  .meta({ description: "0 ESCROW, 1 COMPLETED, 2 REFUNDED, 3 CANCELED" });

export const outcomeSchema = z
  .literal(Object.values(OUTCOME))
  .meta({ description: "0 NONE, 1 DELIVERED, 2 FAILED" });

/** "ESCROW", "COMPLETED", ...; undefined for a code the ledger does not define. */
export function paymentStatusName(code: number): PaymentStatusName | undefined {
  return nameOfCode(PAYMENT_STATUS, code);
}

/** "NONE", "DELIVERED", "FAILED"; undefined for a code the ledger does not define. */
export function outcomeName(code: number): OutcomeName | undefined {
  return nameOfCode(OUTCOME, code);
}

const timestampSecondsSchema = z.int().nonnegative().meta({ description: "Ledger seconds" });

/**
 * The payment record as the client returns it (README.md, "How payments and refunds work"): amount
 * a string of octas, u8/u64 as integers.
 */
export const paymentRecordSchema = z
  .object({
    processId: processIdSchema,
    taskId: paymentTaskIdSchema,
    payer: longAddressSchema,
    receiver: longAddressSchema,
    amount: amountStringSchema,
    currency: z.string().min(1),
    status: paymentStatusSchema,
    createdAt: timestampSecondsSchema,
    updatedAt: timestampSecondsSchema,
  })
  .meta({ id: "PaymentRecord", description: "An escrow payment on the ledger" });

export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** A payment request (the client's makePayment): amount arrives as a string, is a bigint inside. */
export const paymentRequestSchema = z.object({
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
  amount: amountSchema,
});

export type PaymentRequest = z.output<typeof paymentRequestSchema>;
export type PaymentRequestInput = z.input<typeof paymentRequestSchema>;

/** A release request (the client's releasePayment). */
export const paymentReleaseRequestSchema = z.object({
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
});

export type PaymentReleaseRequest = z.infer<typeof paymentReleaseRequestSchema>;

/** A refund request (the client's requestRefund). */
export const refundRequestSchema = z.object({
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
});

export type RefundRequest = z.infer<typeof refundRequestSchema>;
