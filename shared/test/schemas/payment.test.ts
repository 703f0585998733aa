import { describe, expect, it } from "vitest";
import {
  outcomeName,
  outcomeSchema,
  paymentRecordSchema,
  paymentReleaseRequestSchema,
  paymentRequestSchema,
  paymentStatusName,
  paymentStatusSchema,
  refundRequestSchema,
} from "#shared/schemas/payment";

const PAYER = `0x${"11".repeat(32)}`;
const RECEIVER = `0x${"22".repeat(32)}`;

const record = {
  processId: "summarizer",
  taskId: "tx-0001",
  payer: PAYER,
  receiver: RECEIVER,
  amount: "100000000",
  currency: "APT",
  status: 0,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
};

describe("payment status and outcome", () => {
  it("names the four statuses by their ledger values", () => {
    expect([0, 1, 2, 3].map(paymentStatusName)).toEqual([
      "ESCROW",
      "COMPLETED",
      "REFUNDED",
      "CANCELED",
    ]);
    expect(paymentStatusName(4)).toBeUndefined();
  });

  it("accepts status integers 0..3 only", () => {
    expect(paymentStatusSchema.safeParse(3).success).toBe(true);
    expect(paymentStatusSchema.safeParse(4).success).toBe(false);
    expect(paymentStatusSchema.safeParse("0").success).toBe(false);
  });

  it("names outcomes none, delivered and failed", () => {
    expect([0, 1, 2].map(outcomeName)).toEqual(["NONE", "DELIVERED", "FAILED"]);
    expect(outcomeSchema.safeParse(2).success).toBe(true);
    expect(outcomeSchema.safeParse(3).success).toBe(false);
  });
});

describe("paymentRecordSchema", () => {
  it("accepts SPEC's nine values with amount as a string and integer timestamps", () => {
    expect(paymentRecordSchema.parse(record)).toEqual(record);
  });

  it("rejects a numeric amount", () => {
    expect(paymentRecordSchema.safeParse({ ...record, amount: 100 }).success).toBe(false);
  });

  it("rejects ISO timestamps and fractional seconds", () => {
    expect(
      paymentRecordSchema.safeParse({ ...record, createdAt: "2026-01-01T00:00:00Z" }).success,
    ).toBe(false);
    expect(paymentRecordSchema.safeParse({ ...record, updatedAt: 1.5 }).success).toBe(false);
  });

  it("rejects an unknown status and a missing receiver", () => {
    expect(paymentRecordSchema.safeParse({ ...record, status: 9 }).success).toBe(false);
    const { receiver: _receiver, ...noReceiver } = record;
    expect(paymentRecordSchema.safeParse(noReceiver).success).toBe(false);
  });
});

describe("payment requests", () => {
  it("parses a PaymentRequest amount into a bigint", () => {
    const req = paymentRequestSchema.parse({ processId: "p", taskId: "t", amount: "5" });
    expect(req.amount).toBe(5n);
  });

  it("rejects a PaymentRequest with a negative amount or a missing task id", () => {
    expect(
      paymentRequestSchema.safeParse({ processId: "p", taskId: "t", amount: "-1" }).success,
    ).toBe(false);
    expect(paymentRequestSchema.safeParse({ processId: "p", amount: "1" }).success).toBe(false);
  });

  it("accepts a 128-byte payment task id and rejects a 129-byte one", () => {
    const base = { processId: "p", amount: "1" };
    expect(paymentRequestSchema.safeParse({ ...base, taskId: "t".repeat(128) }).success).toBe(true);
    expect(paymentRequestSchema.safeParse({ ...base, taskId: "t".repeat(129) }).success).toBe(
      false,
    );
  });

  it("requires processId and taskId for release and refund", () => {
    for (const schema of [paymentReleaseRequestSchema, refundRequestSchema]) {
      expect(schema.parse({ processId: "p", taskId: "t" })).toEqual({
        processId: "p",
        taskId: "t",
      });
      expect(schema.safeParse({ processId: "p" }).success).toBe(false);
      expect(schema.safeParse({ taskId: "t" }).success).toBe(false);
    }
  });
});
