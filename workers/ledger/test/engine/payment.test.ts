import { describe, expect, it } from "vitest";
import { STRUCTS } from "#shared/contract";
import {
  AGENT,
  ALICE,
  BOB,
  CAROL,
  key,
  pay,
  pricedSetup,
  processFields,
  RECEIVER,
  register,
  STRANGER,
} from "./fixtures.js";
import { T0, WEEK, withLedger } from "./ledger.js";

describe("make_payment", () => {
  it("moves the amount into the vault and records ESCROW with receiver, provider and settle time", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      const events = ledger.run(BOB, "make_payment", {
        process_id: "p1",
        task_id: "t1",
        amount: 250n,
      });
      expect(events).toEqual([
        {
          module: "payment",
          name: "PaymentMade",
          data: {
            process_id: "p1",
            task_id: "t1",
            payer: "0xb0b",
            receiver: "0x2ece1",
            amount: "250",
            settle_time: String(T0 + WEEK),
          },
        },
      ]);
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n - 250n);
      expect(ledger.bank.balance(ledger.vault())).toBe(250n);
      expect(ledger.view("escrow_balance")).toEqual(["250"]);
      expect(ledger.view("get_payment", key("t1"))).toEqual([
        "p1",
        "t1",
        "0xb0b",
        "0x2ece1",
        "250",
        "APT",
        0,
        String(T0),
        String(T0),
      ]);
      const record = ledger.one("get_payment_record", key("t1"));
      expect(Object.keys(record as object)).toEqual(
        STRUCTS.PaymentRecord.fields.map((f) => f.name),
      );
      expect(record).toMatchObject({
        provider: "0xa11ce",
        status: 0,
        outcome: 0,
        result_hash: "0x",
        settle_time: String(T0 + WEEK),
      });
      expect(ledger.view("verify_payment", key("t1"))).toEqual([true]);
      expect(ledger.view("payment_exists", key("t1"))).toEqual([true]);
      expect(ledger.view("payment_exists", key("t1", CAROL))).toEqual([false]);
      expect(ledger.view("open_payments", { process_id: "p1", payer_addr: BOB })).toEqual([["t1"]]);
    }));

  it("aborts in check order: process, status, task id, amount, price, key, balance, open count", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      const args = (process_id: string, task_id: string, amount: bigint) => ({
        process_id,
        task_id,
        amount,
      });
      ledger.expectAbort(BOB, "make_payment", args("nope", "", 0n), "EPROCESS_NOT_FOUND");
      register(ledger, ALICE, "off", { status: 1 });
      register(ledger, ALICE, "maint", { status: 2 });
      ledger.expectAbort(BOB, "make_payment", args("off", "", 0n), "EPROCESS_NOT_ACTIVE");
      ledger.expectAbort(BOB, "make_payment", args("maint", "t", 1n), "EPROCESS_NOT_ACTIVE");
      ledger.expectAbort(BOB, "make_payment", args("p1", "", 0n), "EINVALID_TASK_ID");
      ledger.expectAbort(BOB, "make_payment", args("p1", "t", 0n), "EZERO_AMOUNT");
      ledger.expectAbort(BOB, "make_payment", args("p1", "t", 99n), "EAMOUNT_BELOW_PRICE");
      pay(ledger, BOB, "t");
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "t" });
      // Another payer's key is distinct; a used key stays used after the payment ended, and
      // that is checked before the balance.
      ledger.expectAbort(CAROL, "make_payment", args("p1", "t", 100n), "EINSUFFICIENT_BALANCE");
      ledger.expectAbort(BOB, "make_payment", args("p1", "t", 10n ** 12n), "EPAYMENT_EXISTS");
      ledger.expectAbort(
        BOB,
        "make_payment",
        args("p1", "t2", 100_000_000n),
        "EINSUFFICIENT_BALANCE",
      );
      pay(ledger, BOB, "t2", 100_000_000n - 100n);
      expect(ledger.bank.balance(BOB)).toBe(0n);
    }));

  it("accepts any positive amount for a process without pricing", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.fund(BOB, 1n);
      pay(ledger, BOB, "t", 1n);
      expect(ledger.view("verify_payment", key("t"))).toEqual([true]);
    }));

  it("keeps the receiver of the payment time when the payment address changes later", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      pay(ledger, BOB, "t");
      ledger.run(ALICE, "update_process", {
        id: "p1",
        ...processFields({ payment_address: CAROL }),
      });
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "t" });
      expect(ledger.bank.balance(RECEIVER)).toBe(100n);
      expect(ledger.bank.balance(CAROL)).toBe(0n);
    }));
});

describe("release_payment", () => {
  it("pays the receiver, completes the payment and leaves the open list", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "t1");
      pay(ledger, BOB, "t2");
      ledger.now += 10n;
      ledger.expectAbort(
        STRANGER,
        "release_payment",
        { process_id: "p1", task_id: "t1" },
        "EPAYMENT_NOT_FOUND",
      );
      ledger.expectAbort(
        ALICE,
        "release_payment",
        { process_id: "p1", task_id: "t1" },
        "EPAYMENT_NOT_FOUND",
      );
      const events = ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "t1" });
      expect(events).toEqual([
        {
          module: "payment",
          name: "PaymentReleased",
          data: {
            process_id: "p1",
            task_id: "t1",
            payer: "0xb0b",
            receiver: "0xa11ce",
            amount: "100",
          },
        },
      ]);
      expect(ledger.bank.balance(ALICE)).toBe(100n);
      expect(ledger.view("get_payment", key("t1"))).toEqual([
        "p1",
        "t1",
        "0xb0b",
        "0xa11ce",
        "100",
        "APT",
        1,
        String(T0),
        String(T0 + 10n),
      ]);
      expect(ledger.view("verify_payment", key("t1"))).toEqual([false]);
      expect(ledger.view("payment_exists", key("t1"))).toEqual([true]);
      expect(ledger.view("open_payments", { process_id: "p1", payer_addr: BOB })).toEqual([["t2"]]);
      ledger.expectAbort(
        BOB,
        "release_payment",
        { process_id: "p1", task_id: "t1" },
        "ENOT_IN_ESCROW",
      );
    }));
});

describe("request_refund", () => {
  it("needs a failed outcome", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "none");
      pay(ledger, BOB, "ok");
      const refund = (task_id: string) => ({ process_id: "p1", task_id });
      ledger.expectAbort(BOB, "request_refund", refund("none"), "EOUTCOME_NOT_FAILED");
      ledger.run(ALICE, "report_outcome", {
        ...key("ok"),
        delivered: true,
        result_hash: new Uint8Array(),
      });
      ledger.expectAbort(BOB, "request_refund", refund("ok"), "EOUTCOME_NOT_FAILED");
      ledger.expectAbort(STRANGER, "request_refund", refund("ok"), "EPAYMENT_NOT_FOUND");
    }));

  it("refunds at exactly the settle time and refuses one second later", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "a");
      pay(ledger, BOB, "b");
      for (const task_id of ["a", "b"]) {
        ledger.run(AGENT, "report_outcome", {
          ...key(task_id),
          delivered: false,
          result_hash: new Uint8Array([0xca, 0xfe]),
        });
      }
      ledger.now = T0 + WEEK;
      const events = ledger.run(BOB, "request_refund", { process_id: "p1", task_id: "a" });
      expect(events).toEqual([
        {
          module: "payment",
          name: "PaymentRefunded",
          data: { process_id: "p1", task_id: "a", payer: "0xb0b", amount: "100" },
        },
      ]);
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n - 100n);
      expect(ledger.view("get_payment", key("a"))[6]).toBe(2);
      ledger.now += 1n;
      ledger.expectAbort(
        BOB,
        "request_refund",
        { process_id: "p1", task_id: "b" },
        "EREFUND_WINDOW_CLOSED",
      );
      ledger.expectAbort(
        BOB,
        "request_refund",
        { process_id: "p1", task_id: "a" },
        "ENOT_IN_ESCROW",
      );
    }));
});
