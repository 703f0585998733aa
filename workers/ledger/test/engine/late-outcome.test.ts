import { describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS, TASK_STATUS } from "#shared/contract";
import { AGENT, ALICE, BOB, key, pay, pricedSetup, RECEIVER, STRANGER } from "./fixtures.js";
import { type Ledger, T0, WEEK, withLedger } from "./ledger.js";

// An outcome is written only until the payment's settle time (ledger-contract.md, "payment"):
// after it a provider that stayed silent must not turn the payer's refund into its own pay.
// p1 is ALICE's process paying to RECEIVER, AGENT its agent; BOB pays 100 octas for "t".
const SETTLE_TIME = T0 + WEEK;
const FUNDS = 100_000_000n;
const { IN_PROGRESS, COMPLETED, FAILED } = TASK_STATUS;

function report(task_id: string, delivered: boolean, result_hash = new Uint8Array()) {
  return { ...key(task_id), delivered, result_hash };
}

function outcomeOf(ledger: Ledger, task_id: string): number {
  return (ledger.one("get_payment_record", key(task_id)) as { outcome: number }).outcome;
}

function statusOf(ledger: Ledger, task_id: string): number {
  return ledger.view("get_payment", key(task_id))[6] as number;
}

describe("report_outcome after the settle time", () => {
  it("refuses a silent provider's late 'delivered', and the settle then refunds the payer", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      pay(ledger, BOB, "t");
      ledger.now = SETTLE_TIME + 1n;
      // The provider (or its agent) tries to report delivered and settle to itself in one go.
      ledger.expectAbort(ALICE, "report_outcome", report("t", true), "EOUTCOME_TOO_LATE");
      ledger.expectAbort(AGENT, "report_outcome", report("t", true), "EOUTCOME_TOO_LATE");
      expect(outcomeOf(ledger, "t")).toBe(OUTCOME.NONE);
      ledger.run(ALICE, "settle_payment", key("t"));
      expect(statusOf(ledger, "t")).toBe(PAYMENT_STATUS.REFUNDED);
      expect(ledger.bank.balance(BOB)).toBe(FUNDS);
      expect(ledger.bank.balance(RECEIVER)).toBe(0n);
    }));

  it("refuses the front-run of the payer's settle, so the payer's settle refunds", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      pay(ledger, BOB, "t");
      ledger.now = SETTLE_TIME + 3_600n;
      // The payer's settle is pending; the provider's report lands first in the same block.
      ledger.expectAbort(AGENT, "report_outcome", report("t", true), "EOUTCOME_TOO_LATE");
      const events = ledger.run(BOB, "settle_payment", key("t"));
      expect(events[0]?.data).toMatchObject({ delivered: false, paid_to: "0xb0b" });
      expect(ledger.bank.balance(BOB)).toBe(FUNDS);
    }));

  it("accepts a report exactly at the settle time and refuses it one second later", () =>
    withLedger((ledger) => {
      pricedSetup(ledger, { payment_address: RECEIVER });
      for (const t of ["on-time", "late-failed"]) pay(ledger, BOB, t);
      ledger.now = SETTLE_TIME;
      ledger.run(AGENT, "report_outcome", report("on-time", true));
      expect(outcomeOf(ledger, "on-time")).toBe(OUTCOME.DELIVERED);
      ledger.now = SETTLE_TIME + 1n;
      // A late "failed" is refused too: the outcome is closed, whichever way it would go.
      ledger.expectAbort(
        ALICE,
        "report_outcome",
        report("late-failed", false),
        "EOUTCOME_TOO_LATE",
      );
      ledger.run(STRANGER, "settle_payment", key("on-time"));
      expect(ledger.bank.balance(RECEIVER)).toBe(100n);
    }));

  it("checks in order: provider side, escrow, outcome none, then time, then the hash", () =>
    withLedger((ledger) => {
      pricedSetup(ledger);
      for (const t of ["set", "fresh"]) pay(ledger, BOB, t);
      ledger.run(ALICE, "report_outcome", report("set", false));
      ledger.now = SETTLE_TIME + 1n;
      ledger.expectAbort(
        STRANGER,
        "report_outcome",
        report("fresh", true),
        "ENOT_PROVIDER_OR_AGENT",
      );
      ledger.expectAbort(ALICE, "report_outcome", report("set", true), "EOUTCOME_ALREADY_SET");
      const longHash = new Uint8Array(65);
      ledger.expectAbort(
        ALICE,
        "report_outcome",
        report("fresh", true, longHash),
        "EOUTCOME_TOO_LATE",
      );
      ledger.run(BOB, "settle_payment", key("fresh"));
      ledger.expectAbort(ALICE, "report_outcome", report("fresh", true), "ENOT_IN_ESCROW");
    }));
});

describe("workflow outcome propagation after the settle time", () => {
  function linkedTask(ledger: Ledger, task_id: string): void {
    ledger.run(ALICE, "add_task", {
      workflow_id: "wf",
      task_id,
      name: task_id,
      description: "",
      assignee: AGENT,
      requester: BOB,
      process_id: "p1",
      dependencies: [],
    });
    pay(ledger, BOB, task_id);
  }

  function setup(ledger: Ledger, tasks: string[]): void {
    pricedSetup(ledger, { payment_address: RECEIVER });
    ledger.run(ALICE, "create_workflow", { id: "wf", name: "w", description: "" });
    for (const t of tasks) linkedTask(ledger, t);
  }

  const move = (ledger: Ledger, who: string, task_id: string, new_status: number) =>
    ledger.run(who, "update_task_status", { workflow_id: "wf", task_id, new_status });

  const taskStatus = (ledger: Ledger, task_id: string) =>
    (ledger.one("get_task", { workflow_id: "wf", task_id }) as { status: number }).status;

  it("moves the task but writes no outcome, so a late COMPLETED cannot be settled as pay", () =>
    withLedger((ledger) => {
      setup(ledger, ["t", "keep-open"]);
      move(ledger, AGENT, "t", IN_PROGRESS);
      ledger.now = SETTLE_TIME + 1n;
      const events = move(ledger, AGENT, "t", COMPLETED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged"]);
      expect(taskStatus(ledger, "t")).toBe(COMPLETED);
      expect(outcomeOf(ledger, "t")).toBe(OUTCOME.NONE);
      ledger.run(ALICE, "settle_payment", key("t"));
      expect(statusOf(ledger, "t")).toBe(PAYMENT_STATUS.REFUNDED);
      expect(ledger.bank.balance(RECEIVER)).toBe(0n);
    }));

  it("still records the outcome exactly at the settle time", () =>
    withLedger((ledger) => {
      setup(ledger, ["t", "keep-open"]);
      move(ledger, ALICE, "t", IN_PROGRESS);
      ledger.now = SETTLE_TIME;
      const events = move(ledger, ALICE, "t", COMPLETED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged", "OutcomeReported"]);
      ledger.now = SETTLE_TIME + 1n;
      ledger.run(STRANGER, "settle_payment", key("t"));
      expect(ledger.bank.balance(RECEIVER)).toBe(100n);
    }));

  it("writes no late failure either, and cancel_workflow cancels without outcomes", () =>
    withLedger((ledger) => {
      setup(ledger, ["failed", "canceled"]);
      move(ledger, AGENT, "failed", IN_PROGRESS);
      ledger.now = SETTLE_TIME + 1n;
      expect(move(ledger, AGENT, "failed", FAILED).map((e) => e.name)).toEqual([
        "TaskStatusChanged",
      ]);
      const events = ledger.run(ALICE, "cancel_workflow", { workflow_id: "wf" });
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged", "WorkflowCanceled"]);
      expect(taskStatus(ledger, "canceled")).toBe(TASK_STATUS.CANCELED);
      for (const t of ["failed", "canceled"]) {
        expect(outcomeOf(ledger, t)).toBe(OUTCOME.NONE);
        ledger.run(BOB, "settle_payment", key(t));
      }
      expect(ledger.bank.balance(BOB)).toBe(FUNDS);
    }));
});
