import { describe, expect, it } from "vitest";
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
  STRANGER,
} from "./fixtures.js";
import { ADMIN, T0, WEEK, withLedger } from "./ledger.js";

describe("cancel_payment", () => {
  it("lets the receiver or the provider cancel, nobody else, and returns the funds", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      for (const t of ["a", "b", "c"]) pay(ledger, BOB, t);
      for (const who of [BOB, STRANGER, AGENT]) {
        ledger.expectAbort(who, "cancel_payment", key("a"), "ENOT_RECEIVER_OR_PROVIDER");
      }
      const events = ledger.run(RECEIVER, "cancel_payment", key("a"));
      expect(events[0]).toEqual({
        module: "payment",
        name: "PaymentCanceled",
        data: {
          process_id: "p1",
          task_id: "a",
          payer: "0xb0b",
          amount: "100",
          canceled_by: "0x2ece1",
        },
      });
      ledger.run(ALICE, "cancel_payment", key("b"));
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n - 100n);
      expect(ledger.view("get_payment", key("b"))[6]).toBe(3);
      ledger.expectAbort(ALICE, "cancel_payment", key("a"), "ENOT_IN_ESCROW");
      ledger.expectAbort(STRANGER, "cancel_payment", key("a"), "ENOT_RECEIVER_OR_PROVIDER");
      ledger.expectAbort(ALICE, "cancel_payment", key("zz"), "EPAYMENT_NOT_FOUND");
    }));
});

describe("settle_payment", () => {
  it("fails at exactly the settle time and works one second later, for anyone", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "t");
      ledger.now = T0 + WEEK;
      ledger.expectAbort(STRANGER, "settle_payment", key("t"), "ESETTLE_TOO_EARLY");
      ledger.now += 1n;
      const events = ledger.run(STRANGER, "settle_payment", key("t"));
      expect(events).toEqual([
        {
          module: "payment",
          name: "PaymentSettled",
          data: {
            process_id: "p1",
            task_id: "t",
            payer: "0xb0b",
            amount: "100",
            delivered: false,
            paid_to: "0xb0b",
          },
        },
      ]);
      expect(ledger.view("get_payment", key("t"))[6]).toBe(2);
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n);
      ledger.expectAbort(STRANGER, "settle_payment", key("t"), "ENOT_IN_ESCROW");
      ledger.expectAbort(STRANGER, "settle_payment", key("u"), "EPAYMENT_NOT_FOUND");
    }));

  it("pays the receiver when delivery was reported and the payer back after a failure", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      pay(ledger, BOB, "ok");
      pay(ledger, BOB, "bad");
      const report = (task_id: string, delivered: boolean) =>
        ledger.run(ALICE, "report_outcome", {
          ...key(task_id),
          delivered,
          result_hash: new Uint8Array(),
        });
      report("ok", true);
      report("bad", false);
      ledger.now = T0 + WEEK + 1n;
      const [settled] = ledger.run(CAROL, "settle_payment", key("ok"));
      expect(settled?.data).toMatchObject({ delivered: true, paid_to: "0x2ece1" });
      expect(ledger.view("get_payment", key("ok"))[6]).toBe(1);
      ledger.run(CAROL, "settle_payment", key("bad"));
      expect(ledger.view("get_payment", key("bad"))[6]).toBe(2);
      expect(ledger.bank.balance(RECEIVER)).toBe(100n);
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n - 100n);
    }));
});

describe("report_outcome", () => {
  it("is written once by the provider or a current agent, never by the payer", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["a", "b", "c"]) pay(ledger, BOB, t);
      const report = (task_id: string, delivered = true) => ({
        ...key(task_id),
        delivered,
        result_hash: new Uint8Array([1, 2, 255]),
      });
      for (const who of [BOB, STRANGER, CAROL]) {
        ledger.expectAbort(who, "report_outcome", report("a"), "ENOT_PROVIDER_OR_AGENT");
      }
      const events = ledger.run(AGENT, "report_outcome", report("a"));
      expect(events).toEqual([
        {
          module: "payment",
          name: "OutcomeReported",
          data: {
            process_id: "p1",
            task_id: "a",
            payer: "0xb0b",
            outcome: 1,
            result_hash: "0x0102ff",
            reporter: "0xa9e47",
          },
        },
      ]);
      expect(ledger.one("get_payment_record", key("a"))).toMatchObject({
        outcome: 1,
        result_hash: "0x0102ff",
      });
      ledger.expectAbort(ALICE, "report_outcome", report("a", false), "EOUTCOME_ALREADY_SET");
      ledger.run(ALICE, "report_outcome", report("b", false));
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "c" });
      ledger.expectAbort(ALICE, "report_outcome", report("c"), "ENOT_IN_ESCROW");
      ledger.expectAbort(ALICE, "report_outcome", report("zz"), "EPAYMENT_NOT_FOUND");
    }));

  it("stops accepting an agent once it is removed from the process", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "a");
      ledger.run(ALICE, "update_process", { id: "p1", ...processFields({ agents: [CAROL] }) });
      const report = { ...key("a"), delivered: true, result_hash: new Uint8Array() };
      ledger.expectAbort(AGENT, "report_outcome", report, "ENOT_PROVIDER_OR_AGENT");
      ledger.run(CAROL, "report_outcome", report);
    }));
});

describe("payments of a deregistered process", () => {
  it("stay releasable, cancelable, reportable (by the provider only) and settleable", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["a", "b", "c", "d"]) pay(ledger, BOB, t);
      ledger.run(ALICE, "deregister_process", { id: "p1" });
      const report = (task_id: string) => ({
        ...key(task_id),
        delivered: true,
        result_hash: new Uint8Array(),
      });
      ledger.expectAbort(AGENT, "report_outcome", report("c"), "ENOT_PROVIDER_OR_AGENT");
      ledger.run(ALICE, "report_outcome", report("c"));
      ledger.run(BOB, "release_payment", { process_id: "p1", task_id: "a" });
      ledger.run(ALICE, "cancel_payment", key("b"));
      ledger.now = T0 + WEEK + 1n;
      ledger.run(STRANGER, "settle_payment", key("c"));
      ledger.run(STRANGER, "settle_payment", key("d"));
      expect(ledger.bank.balance(ALICE)).toBe(200n);
      expect(ledger.bank.balance(BOB)).toBe(100_000_000n - 200n);
      expect(ledger.view("escrow_balance")).toEqual(["0"]);
    }));
});

describe("refund window and initialize", () => {
  it("applies a new refund window to later payments only", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      pay(ledger, BOB, "before");
      const events = ledger.run(ADMIN, "set_refund_window", { seconds: 3_600n });
      expect(events).toEqual([
        { module: "payment", name: "RefundWindowChanged", data: { seconds: "3600" } },
      ]);
      pay(ledger, BOB, "after");
      expect(ledger.one("get_payment_record", key("before"))).toMatchObject({
        settle_time: String(T0 + WEEK),
      });
      expect(ledger.one("get_payment_record", key("after"))).toMatchObject({
        settle_time: String(T0 + 3_600n),
      });
    }));

  it("initialize is admin-only and changes nothing", () =>
    withLedger((ledger) => {
      ledger.expectAbort(BOB, "initialize", {}, "ENOT_ADMIN");
      const vault = ledger.vault();
      expect(ledger.run(ADMIN, "initialize")).toEqual([]);
      expect(ledger.run(ADMIN, "initialize")).toEqual([]);
      expect(ledger.vault()).toBe(vault);
      expect(ledger.view("refund_window")).toEqual([String(WEEK)]);
    }));
});
