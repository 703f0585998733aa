import { describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS, TASK_STATUS } from "#shared/contract";
import { AGENT, ALICE, BOB, CAROL, key, pay, pricedSetup, STRANGER } from "./fixtures.js";
import { type Ledger, withLedger } from "./ledger.js";

// p1 is ALICE's process (AGENT is its agent); BOB pays for task "t" and requests it.
const PAYER = BOB;
const { IN_PROGRESS, COMPLETED, FAILED, CANCELED, APPROVED } = TASK_STATUS;

function setup(ledger: Ledger, workflowOwner: string, assignee = AGENT): void {
  pricedSetup(ledger);
  ledger.run(workflowOwner, "create_workflow", { id: "wf", name: "w", description: "" });
  for (const id of ["t", "other"]) {
    ledger.run(workflowOwner, "add_task", {
      workflow_id: "wf",
      task_id: id,
      name: id,
      description: "",
      assignee,
      requester: PAYER,
      process_id: "p1",
      dependencies: [],
    });
  }
  pay(ledger, PAYER, "t");
}

const move = (ledger: Ledger, who: string, new_status: number) =>
  ledger.run(who, "update_task_status", { workflow_id: "wf", task_id: "t", new_status });

const outcome = (ledger: Ledger) =>
  (ledger.one("get_payment_record", key("t")) as { outcome: number }).outcome;

describe("outcome propagation from workflow tasks", () => {
  it("records delivered when the provider side completes the task", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      move(ledger, AGENT, IN_PROGRESS);
      expect(outcome(ledger)).toBe(OUTCOME.NONE);
      const events = move(ledger, AGENT, COMPLETED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged", "OutcomeReported"]);
      expect(events[1]).toEqual({
        module: "payment",
        name: "OutcomeReported",
        data: {
          process_id: "p1",
          task_id: "t",
          payer: "0xb0b",
          outcome: OUTCOME.DELIVERED,
          result_hash: "0x",
          reporter: "0xa9e47",
        },
      });
      expect(outcome(ledger)).toBe(OUTCOME.DELIVERED);
    }));

  it("records failed when the provider fails or cancels the task, so the payer can refund", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      move(ledger, ALICE, IN_PROGRESS);
      move(ledger, ALICE, FAILED);
      expect(outcome(ledger)).toBe(OUTCOME.FAILED);
      ledger.run(PAYER, "request_refund", { process_id: "p1", task_id: "t" });
      expect(ledger.view("get_payment", key("t"))[6]).toBe(PAYMENT_STATUS.REFUNDED);
    }));

  it("records nothing when the payer cancels its own task", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      const events = move(ledger, PAYER, CANCELED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged"]);
      expect(outcome(ledger)).toBe(OUTCOME.NONE);
      ledger.expectAbort(
        PAYER,
        "request_refund",
        { process_id: "p1", task_id: "t" },
        "EOUTCOME_NOT_FAILED",
      );
    }));

  it("records nothing when a workflow owner and assignee outside the provider side moves it", () =>
    withLedger((ledger) => {
      setup(ledger, STRANGER, CAROL);
      move(ledger, STRANGER, IN_PROGRESS);
      move(ledger, CAROL, FAILED);
      expect(outcome(ledger)).toBe(OUTCOME.NONE);
    }));

  it("leaves an outcome already reported unchanged, without aborting", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      ledger.run(ALICE, "report_outcome", {
        ...key("t"),
        delivered: true,
        result_hash: new Uint8Array([7]),
      });
      move(ledger, ALICE, IN_PROGRESS);
      const events = move(ledger, ALICE, FAILED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged"]);
      expect(ledger.one("get_payment_record", key("t"))).toMatchObject({
        outcome: OUTCOME.DELIVERED,
        result_hash: "0x07",
      });
    }));

  it("records failed for each linked task when the provider cancels the workflow", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      pay(ledger, PAYER, "other");
      const events = ledger.run(ALICE, "cancel_workflow", { workflow_id: "wf" });
      expect(events.map((e) => e.name)).toEqual([
        "TaskStatusChanged",
        "OutcomeReported",
        "TaskStatusChanged",
        "OutcomeReported",
        "WorkflowCanceled",
      ]);
      expect(outcome(ledger)).toBe(OUTCOME.FAILED);
    }));
});

describe("approval", () => {
  function completed(ledger: Ledger): void {
    setup(ledger, ALICE);
    move(ledger, AGENT, IN_PROGRESS);
    move(ledger, AGENT, COMPLETED);
  }

  it("approve_task_and_release_payment approves and pays the receiver in one transaction", () =>
    withLedger((ledger) => {
      completed(ledger);
      const events = ledger.run(PAYER, "approve_task_and_release_payment", {
        workflow_id: "wf",
        task_id: "t",
      });
      expect(events).toEqual([
        {
          module: "payment",
          name: "PaymentReleased",
          data: {
            process_id: "p1",
            task_id: "t",
            payer: "0xb0b",
            receiver: "0xa11ce",
            amount: "100",
          },
        },
        {
          module: "workflow",
          name: "TaskApproved",
          data: { workflow_id: "wf", task_id: "t", requester: "0xb0b", payment_released: true },
        },
      ]);
      expect(ledger.bank.balance(ALICE)).toBe(100n);
      expect(ledger.view("get_payment", key("t"))[6]).toBe(PAYMENT_STATUS.COMPLETED);
      expect(
        (ledger.one("get_task", { workflow_id: "wf", task_id: "t" }) as { status: number }).status,
      ).toBe(APPROVED);
    }));

  it("aborts approve_task_and_release_payment in check order", () =>
    withLedger((ledger) => {
      setup(ledger, ALICE);
      const approve = (who: string, workflow_id: string, task_id: string) => ({
        who,
        args: { workflow_id, task_id },
      });
      const expectApproveAbort = (
        call: ReturnType<typeof approve>,
        name: Parameters<Ledger["expectAbort"]>[3],
      ) => ledger.expectAbort(call.who, "approve_task_and_release_payment", call.args, name);
      expectApproveAbort(approve(PAYER, "zz", "t"), "EWORKFLOW_NOT_FOUND");
      expectApproveAbort(approve(PAYER, "wf", "zz"), "ETASK_NOT_FOUND");
      expectApproveAbort(approve(ALICE, "wf", "t"), "ENOT_REQUESTER");
      expectApproveAbort(approve(PAYER, "wf", "t"), "ETASK_NOT_COMPLETED");
      move(ledger, AGENT, IN_PROGRESS);
      move(ledger, AGENT, COMPLETED);
      ledger.run(ALICE, "cancel_payment", key("t"));
      expectApproveAbort(approve(PAYER, "wf", "t"), "ENOT_IN_ESCROW");
      ledger.run(ALICE, "update_task_status", {
        workflow_id: "wf",
        task_id: "other",
        new_status: IN_PROGRESS,
      });
      ledger.run(ALICE, "update_task_status", {
        workflow_id: "wf",
        task_id: "other",
        new_status: COMPLETED,
      });
      expectApproveAbort(approve(PAYER, "wf", "other"), "EPAYMENT_NOT_FOUND");
    }));

  it("refuses a release for a task without a process", () =>
    withLedger((ledger) => {
      ledger.run(ALICE, "create_workflow", { id: "wf", name: "w", description: "" });
      ledger.run(ALICE, "add_task", {
        workflow_id: "wf",
        task_id: "t",
        name: "t",
        description: "",
        assignee: ALICE,
        requester: PAYER,
        process_id: "",
        dependencies: [],
      });
      move(ledger, ALICE, IN_PROGRESS);
      move(ledger, ALICE, COMPLETED);
      ledger.expectAbort(
        PAYER,
        "approve_task_and_release_payment",
        { workflow_id: "wf", task_id: "t" },
        "EPAYMENT_NOT_FOUND",
      );
      expect(ledger.run(PAYER, "approve_task", { workflow_id: "wf", task_id: "t" })).toEqual([
        {
          module: "workflow",
          name: "TaskApproved",
          data: { workflow_id: "wf", task_id: "t", requester: "0xb0b", payment_released: false },
        },
      ]);
    }));

  it("approve_task refuses while the payment is in escrow and allows it once it ended", () =>
    withLedger((ledger) => {
      completed(ledger);
      ledger.expectAbort(
        PAYER,
        "approve_task",
        { workflow_id: "wf", task_id: "t" },
        "EPAYMENT_PENDING",
      );
      ledger.expectAbort(
        STRANGER,
        "approve_task",
        { workflow_id: "wf", task_id: "t" },
        "ENOT_REQUESTER",
      );
      ledger.run(PAYER, "release_payment", { process_id: "p1", task_id: "t" });
      ledger.run(PAYER, "approve_task", { workflow_id: "wf", task_id: "t" });
      ledger.expectAbort(
        PAYER,
        "approve_task",
        { workflow_id: "wf", task_id: "t" },
        "ETASK_NOT_COMPLETED",
      );
    }));
});
