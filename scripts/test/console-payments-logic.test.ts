// My payments' rules without a browser (docs/console.md, "My payments"): the actions the escrow
// allows an account right now, as ../shared/docs/ledger-contract.md's transitions table says,
// and the deadlines in plain words from the ledger's clock.
import { describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { escrowActions, type PaymentRecordJson } from "../../console/src/escrow-payment.js";
import { deadlineWords, ledgerDate } from "../../console/src/payment-words.js";

const PAYER = `0x${"a1".repeat(32)}`;
const RECEIVER = `0x${"b2".repeat(32)}`;
const PROVIDER = `0x${"c3".repeat(32)}`;
const STRANGER = `0x${"d4".repeat(32)}`;
const SETTLE = 1_800_000_000n;

const record = (change: Partial<PaymentRecordJson> = {}): PaymentRecordJson => ({
  process_id: "paid-report",
  task_id: "task-1",
  payer: PAYER,
  receiver: RECEIVER,
  provider: PROVIDER,
  amount: "1000",
  status: PAYMENT_STATUS.ESCROW,
  outcome: OUTCOME.NONE,
  created_at: `${SETTLE - 604_800n}`,
  settle_time: `${SETTLE}`,
  ...change,
});

describe("the actions the escrow allows right now", () => {
  it("lets the payer release, and refund only a reported failure before the settle time", () => {
    expect(escrowActions({ record: record(), account: PAYER, now: SETTLE })).toEqual(["release"]);
    const failed = record({ outcome: OUTCOME.FAILED });
    expect(escrowActions({ record: failed, account: PAYER, now: SETTLE })).toEqual([
      "release",
      "refund",
    ]);
    expect(escrowActions({ record: failed, account: PAYER, now: SETTLE + 1n })).toEqual([
      "release",
      "settle",
    ]);
  });

  it("lets the receiver or the provider cancel, and anyone settle once the settle time passed", () => {
    expect(escrowActions({ record: record(), account: RECEIVER, now: SETTLE })).toEqual(["cancel"]);
    expect(escrowActions({ record: record(), account: PROVIDER, now: SETTLE })).toEqual(["cancel"]);
    expect(escrowActions({ record: record(), account: STRANGER, now: SETTLE })).toEqual([]);
    expect(escrowActions({ record: record(), account: STRANGER, now: SETTLE + 1n })).toEqual([
      "settle",
    ]);
  });

  it("allows nothing on a final payment, and reads addresses in any form", () => {
    for (const status of [
      PAYMENT_STATUS.COMPLETED,
      PAYMENT_STATUS.REFUNDED,
      PAYMENT_STATUS.CANCELED,
    ]) {
      expect(
        escrowActions({ record: record({ status }), account: PAYER, now: SETTLE + 1n }),
      ).toEqual([]);
    }
    const short = record({ payer: "0x1" });
    expect(escrowActions({ record: short, account: `0x${"0".repeat(63)}1`, now: SETTLE })).toEqual([
      "release",
    ]);
  });
});

describe("deadlines in plain words", () => {
  it("names the refund window's end, then says anyone may settle", () => {
    const date = ledgerDate(SETTLE);
    expect(date).toBe("2027-01-15 08:00 UTC");
    expect(deadlineWords(record({ outcome: OUTCOME.FAILED }), SETTLE)).toContain(
      `Refund possible until ${date}.`,
    );
    expect(deadlineWords(record(), SETTLE)).toContain(
      `A refund needs a reported failure, until ${date}.`,
    );
    expect(deadlineWords(record(), SETTLE + 1n)).toContain("anyone may settle it now");
    expect(deadlineWords(record({ status: PAYMENT_STATUS.COMPLETED }), SETTLE)).toBeNull();
  });
});
