import { describe, expect, it } from "vitest";
import { type AbortName, STRUCTS, TASK_STATUS } from "#shared/contract";
import type { MoveArg } from "../../src/engine/types.js";
import { ALICE, BOB, CAROL, register, STRANGER } from "./fixtures.js";
import { type Ledger, T0, withLedger } from "./ledger.js";

// ALICE owns the workflows, BOB is the assignee, CAROL the requester.
const OWNER = ALICE;
const ASSIGNEE = BOB;
const REQUESTER = CAROL;
const { PENDING, IN_PROGRESS, COMPLETED, APPROVED, FAILED, CANCELED } = TASK_STATUS;

function task(id: string, overrides: Record<string, MoveArg> = {}): Record<string, MoveArg> {
  return {
    workflow_id: "wf",
    task_id: id,
    name: `task ${id}`,
    description: "",
    assignee: ASSIGNEE,
    requester: REQUESTER,
    process_id: "",
    dependencies: [],
    ...overrides,
  };
}

function createWorkflow(ledger: Ledger, id = "wf"): void {
  ledger.run(OWNER, "create_workflow", { id, name: "Pipeline", description: "d" });
}

const setStatus = (ledger: Ledger, who: string, id: string, new_status: number) =>
  ledger.run(who, "update_task_status", { workflow_id: "wf", task_id: id, new_status });

const statusOf = (ledger: Ledger, id: string) =>
  (ledger.one("get_task", { workflow_id: "wf", task_id: id }) as { status: number }).status;

/** Adds task `id` and drives it to `status` through the legal path. */
function taskAt(ledger: Ledger, id: string, status: number): void {
  ledger.run(OWNER, "add_task", task(id));
  if (status === PENDING) return;
  if (status === CANCELED) return void setStatus(ledger, OWNER, id, CANCELED);
  setStatus(ledger, OWNER, id, IN_PROGRESS);
  if (status === IN_PROGRESS) return;
  setStatus(ledger, OWNER, id, status === APPROVED ? COMPLETED : status);
  if (status === APPROVED) {
    ledger.run(REQUESTER, "approve_task", { workflow_id: "wf", task_id: id });
  }
}

describe("create_workflow and add_task", () => {
  it("creates a workflow owned by the signer and adds tasks in order", () =>
    withLedger((ledger) => {
      expect(
        ledger.run(OWNER, "create_workflow", { id: "wf", name: "P", description: "" }),
      ).toEqual([
        {
          module: "workflow",
          name: "WorkflowCreated",
          data: { workflow_id: "wf", owner: "0xa11ce" },
        },
      ]);
      ledger.expectAbort(
        BOB,
        "create_workflow",
        { id: "wf", name: "P", description: "" },
        "EWORKFLOW_EXISTS",
      );
      ledger.now += 5n;
      register(ledger, ALICE, "p1");
      expect(ledger.run(OWNER, "add_task", task("a", { process_id: "p1" }))).toEqual([
        {
          module: "workflow",
          name: "TaskAdded",
          data: { workflow_id: "wf", task_id: "a", process_id: "p1" },
        },
      ]);
      ledger.run(OWNER, "add_task", task("b", { dependencies: ["a"] }));
      const workflow = ledger.one("get_workflow", { id: "wf" });
      expect(Object.keys(workflow as object)).toEqual(STRUCTS.Workflow.fields.map((f) => f.name));
      expect(workflow).toEqual({
        id: "wf",
        name: "P",
        description: "",
        owner: "0xa11ce",
        status: 0,
        task_count: "2",
        created_at: String(T0),
        updated_at: String(T0 + 5n),
      });
      const tasks = ledger.one("list_tasks", { workflow_id: "wf" }) as Record<string, unknown>[];
      expect(tasks.map((t) => t.id)).toEqual(["a", "b"]);
      expect(Object.keys(tasks[1] ?? {})).toEqual(STRUCTS.Task.fields.map((f) => f.name));
      expect(tasks[1]).toEqual({
        id: "b",
        name: "task b",
        description: "",
        assignee: "0xb0b",
        requester: "0xca201",
        process_id: "",
        dependencies: ["a"],
        status: 0,
        created_at: String(T0 + 5n),
        updated_at: String(T0 + 5n),
      });
      expect(ledger.view("workflow_exists", { id: "wf" })).toEqual([true]);
      expect(ledger.view("workflow_exists", { id: "zz" })).toEqual([false]);
    }));

  it("aborts add_task in check order", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      ledger.run(OWNER, "add_task", task("a"));
      const cases: [string, Record<string, MoveArg>, AbortName][] = [
        [OWNER, task("x", { workflow_id: "nope" }), "EWORKFLOW_NOT_FOUND"],
        [STRANGER, task("bad id", { name: "" }), "ENOT_WORKFLOW_OWNER"],
        [OWNER, task("bad id", { name: "" }), "EINVALID_ID"],
        [OWNER, task("x", { name: "", process_id: "nope" }), "EINVALID_NAME"],
        [OWNER, task("x", { process_id: "nope", dependencies: ["zz"] }), "EPROCESS_NOT_FOUND"],
        [OWNER, task("a", { dependencies: ["zz"] }), "EDEPENDENCY_NOT_FOUND"],
        [OWNER, task("x", { dependencies: ["x"] }), "EDEPENDENCY_NOT_FOUND"],
        [OWNER, task("a", { dependencies: ["a"] }), "ETASK_EXISTS"],
      ];
      for (const [who, args, abort] of cases) ledger.expectAbort(who, "add_task", args, abort);
      ledger.run(OWNER, "cancel_workflow", { workflow_id: "wf" });
      ledger.expectAbort(OWNER, "add_task", task("late"), "EWORKFLOW_NOT_ACTIVE");
    }));

  it("views abort for a missing workflow or task", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      expect(() => ledger.view("get_workflow", { id: "zz" })).toThrow(/Workflow not found/);
      expect(() => ledger.view("list_tasks", { workflow_id: "zz" })).toThrow(/Workflow not found/);
      expect(() => ledger.view("get_task", { workflow_id: "zz", task_id: "a" })).toThrow(
        /Workflow not found/,
      );
      expect(() => ledger.view("get_task", { workflow_id: "wf", task_id: "a" })).toThrow(
        /Task not found/,
      );
    }));
});

const SETTABLE: readonly number[] = [IN_PROGRESS, COMPLETED, FAILED, CANCELED];

describe("task status table", () => {
  const ALLOWED: Record<string, number[]> = {
    [PENDING]: [IN_PROGRESS, CANCELED],
    [IN_PROGRESS]: [COMPLETED, FAILED, CANCELED],
  };

  it("allows exactly the rows of the table and rejects everything else", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      // One extra task keeps the workflow from completing while others complete.
      ledger.run(OWNER, "add_task", task("keep-open"));
      let n = 0;
      for (const from of [PENDING, IN_PROGRESS, COMPLETED, APPROVED, FAILED, CANCELED]) {
        for (const to of [0, 1, 2, 3, 4, 5, 6, 255]) {
          const id = `t${n++}`;
          taskAt(ledger, id, from);
          // PENDING and APPROVED are statuses but never targets: invalid_state, like any other
          // change outside the table; a value that is no status at all is invalid_argument.
          if (to > CANCELED) {
            ledger.expectAbort(
              OWNER,
              "update_task_status",
              { workflow_id: "wf", task_id: id, new_status: to },
              "EINVALID_TASK_STATUS",
            );
          } else if (ALLOWED[from]?.includes(to)) {
            setStatus(ledger, OWNER, id, to);
            expect(statusOf(ledger, id)).toBe(to);
            expect(ledger.events[0]?.data).toEqual({
              workflow_id: "wf",
              task_id: id,
              from_status: from,
              to_status: to,
              changed_by: "0xa11ce",
            });
          } else {
            expect(SETTABLE.includes(to) || to === PENDING || to === APPROVED).toBe(true);
            ledger.expectAbort(
              STRANGER,
              "update_task_status",
              { workflow_id: "wf", task_id: id, new_status: to },
              "EINVALID_TRANSITION",
            );
            expect(statusOf(ledger, id)).toBe(from);
          }
        }
      }
    }));

  it("lets each row be made only by the callers it names", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      ledger.run(OWNER, "add_task", task("keep-open"));
      const rows: [number, number, string[], string[]][] = [
        [PENDING, IN_PROGRESS, [OWNER, ASSIGNEE], [REQUESTER, STRANGER]],
        [IN_PROGRESS, COMPLETED, [OWNER, ASSIGNEE], [REQUESTER, STRANGER]],
        [IN_PROGRESS, FAILED, [OWNER, ASSIGNEE], [REQUESTER, STRANGER]],
        [PENDING, CANCELED, [OWNER, REQUESTER], [ASSIGNEE, STRANGER]],
        [IN_PROGRESS, CANCELED, [OWNER], [ASSIGNEE, REQUESTER, STRANGER]],
      ];
      let n = 0;
      for (const [from, to, allowed, denied] of rows) {
        for (const who of denied) {
          const id = `t${n++}`;
          taskAt(ledger, id, from);
          ledger.expectAbort(
            who,
            "update_task_status",
            { workflow_id: "wf", task_id: id, new_status: to },
            "ENOT_AUTHORIZED",
          );
        }
        for (const who of allowed) {
          const id = `t${n++}`;
          taskAt(ledger, id, from);
          setStatus(ledger, who, id, to);
          expect(statusOf(ledger, id)).toBe(to);
        }
      }
    }));

  it("starts a task only when every dependency is COMPLETED or APPROVED", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      ledger.run(OWNER, "add_task", task("keep-open"));
      taskAt(ledger, "done", COMPLETED);
      taskAt(ledger, "approved", APPROVED);
      taskAt(ledger, "failed", FAILED);
      ledger.run(OWNER, "add_task", task("a"));
      ledger.run(OWNER, "add_task", task("ok", { dependencies: ["done", "approved"] }));
      ledger.run(OWNER, "add_task", task("blocked", { dependencies: ["done", "a"] }));
      ledger.run(OWNER, "add_task", task("never", { dependencies: ["failed"] }));
      const start = (who: string, id: string, abort: AbortName) =>
        ledger.expectAbort(
          who,
          "update_task_status",
          { workflow_id: "wf", task_id: id, new_status: IN_PROGRESS },
          abort,
        );
      start(STRANGER, "blocked", "ENOT_AUTHORIZED");
      start(ASSIGNEE, "blocked", "EDEPENDENCIES_NOT_DONE");
      start(ASSIGNEE, "never", "EDEPENDENCIES_NOT_DONE");
      setStatus(ledger, ASSIGNEE, "ok", IN_PROGRESS);
      setStatus(ledger, ASSIGNEE, "a", IN_PROGRESS);
      setStatus(ledger, ASSIGNEE, "a", COMPLETED);
      setStatus(ledger, ASSIGNEE, "blocked", IN_PROGRESS);
      expect(statusOf(ledger, "blocked")).toBe(IN_PROGRESS);
    }));

  it("aborts for a missing workflow or task before checking the status", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      ledger.expectAbort(
        OWNER,
        "update_task_status",
        { workflow_id: "zz", task_id: "a", new_status: 9 },
        "EWORKFLOW_NOT_FOUND",
      );
      ledger.expectAbort(
        OWNER,
        "update_task_status",
        { workflow_id: "wf", task_id: "a", new_status: 9 },
        "ETASK_NOT_FOUND",
      );
    }));
});

describe("workflow completion and cancellation", () => {
  it("completes the workflow with its last COMPLETED task, after the task event", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      ledger.run(OWNER, "add_task", task("b"));
      taskAt(ledger, "a", APPROVED);
      expect(ledger.one("get_workflow", { id: "wf" })).toMatchObject({ status: 0 });
      setStatus(ledger, ASSIGNEE, "b", IN_PROGRESS);
      ledger.now += 9n;
      const events = setStatus(ledger, ASSIGNEE, "b", COMPLETED);
      expect(events.map((e) => e.name)).toEqual(["TaskStatusChanged", "WorkflowCompleted"]);
      expect(ledger.one("get_workflow", { id: "wf" })).toMatchObject({
        status: 1,
        updated_at: String(T0 + 9n),
      });
      ledger.expectAbort(OWNER, "add_task", task("c"), "EWORKFLOW_NOT_ACTIVE");
      ledger.expectAbort(OWNER, "cancel_workflow", { workflow_id: "wf" }, "EWORKFLOW_NOT_ACTIVE");
      ledger.run(REQUESTER, "approve_task", { workflow_id: "wf", task_id: "b" });
      expect(statusOf(ledger, "b")).toBe(APPROVED);
    }));

  it("never completes a workflow with a failed or canceled task", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      taskAt(ledger, "a", FAILED);
      taskAt(ledger, "b", COMPLETED);
      expect(ledger.one("get_workflow", { id: "wf" })).toMatchObject({ status: 0 });
    }));

  it("cancels every PENDING and IN_PROGRESS task as the owner, then the workflow", () =>
    withLedger((ledger) => {
      createWorkflow(ledger);
      taskAt(ledger, "p", PENDING);
      taskAt(ledger, "i", IN_PROGRESS);
      taskAt(ledger, "c", COMPLETED);
      taskAt(ledger, "f", FAILED);
      ledger.expectAbort(STRANGER, "cancel_workflow", { workflow_id: "wf" }, "ENOT_WORKFLOW_OWNER");
      ledger.expectAbort(OWNER, "cancel_workflow", { workflow_id: "zz" }, "EWORKFLOW_NOT_FOUND");
      const events = ledger.run(OWNER, "cancel_workflow", { workflow_id: "wf" });
      expect(events.map((e) => [e.name, e.data.task_id ?? e.data.canceled_by])).toEqual([
        ["TaskStatusChanged", "p"],
        ["TaskStatusChanged", "i"],
        ["WorkflowCanceled", "0xa11ce"],
      ]);
      expect(["p", "i", "c", "f"].map((id) => statusOf(ledger, id))).toEqual([
        CANCELED,
        CANCELED,
        COMPLETED,
        FAILED,
      ]);
      expect(ledger.one("get_workflow", { id: "wf" })).toMatchObject({ status: 2 });
      ledger.expectAbort(OWNER, "cancel_workflow", { workflow_id: "wf" }, "EWORKFLOW_NOT_ACTIVE");
      // A COMPLETED task of a canceled workflow can still be approved.
      ledger.run(REQUESTER, "approve_task", { workflow_id: "wf", task_id: "c" });
    }));
});
