import { LIMITS, OUTCOME, PAYMENT_STATUS, TASK_STATUS, WORKFLOW_STATUS } from "#shared/contract";
import { emitEvent, ensure, present } from "./abort.js";
import type { Args } from "./args.js";
import { isProviderSide, outcomeWindowOpen, recordOutcome, releaseToReceiver } from "./escrow.js";
import { isValidDescription, isValidId, isValidName } from "./limits-check.js";
import { readPayment } from "./payment-store.js";
import type { PaymentRecord, Task, Workflow } from "./records.js";
import { readProcess } from "./registry-store.js";
import { transitionFor } from "./task-transitions.js";
import type { ExecutionContext } from "./types.js";
import {
  countTasksNotIn,
  insertTask,
  listTasks,
  readTask,
  readWorkflow,
  saveTaskStatus,
  writeWorkflow,
} from "./workflow-store.js";

const MODULE = "workflow";
const DONE: readonly number[] = [TASK_STATUS.COMPLETED, TASK_STATUS.APPROVED];

function existingWorkflow(ctx: ExecutionContext, id: string): Workflow {
  return present(ctx, MODULE, readWorkflow(ctx.sql, id), "EWORKFLOW_NOT_FOUND");
}

function ownedActiveWorkflow(ctx: ExecutionContext, sender: string, id: string): Workflow {
  const workflow = existingWorkflow(ctx, id);
  ensure(ctx, MODULE, workflow.owner === sender, "ENOT_WORKFLOW_OWNER");
  ensure(ctx, MODULE, workflow.status === WORKFLOW_STATUS.ACTIVE, "EWORKFLOW_NOT_ACTIVE");
  return workflow;
}

export function createWorkflow(ctx: ExecutionContext, owner: string, args: Args): void {
  const id = args.string("id");
  const name = args.string("name");
  const description = args.string("description");
  ensure(ctx, MODULE, isValidId(id), "EINVALID_ID");
  ensure(ctx, MODULE, isValidName(name), "EINVALID_NAME");
  ensure(ctx, MODULE, isValidDescription(description), "EDESCRIPTION_TOO_LONG");
  ensure(ctx, MODULE, readWorkflow(ctx.sql, id) === undefined, "EWORKFLOW_EXISTS");
  writeWorkflow(ctx.sql, {
    id,
    name,
    description,
    owner,
    status: WORKFLOW_STATUS.ACTIVE,
    task_count: 0n,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  emitEvent(ctx, "WorkflowCreated", { workflow_id: id, owner });
}

export function addTask(ctx: ExecutionContext, sender: string, args: Args): void {
  const workflow = ownedActiveWorkflow(ctx, sender, args.string("workflow_id"));
  const task: Task = {
    id: args.string("task_id"),
    name: args.string("name"),
    description: args.string("description"),
    assignee: args.address("assignee"),
    requester: args.address("requester"),
    process_id: args.string("process_id"),
    dependencies: args.strings("dependencies"),
    status: TASK_STATUS.PENDING,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  ensure(ctx, MODULE, isValidId(task.id), "EINVALID_ID");
  ensure(ctx, MODULE, isValidName(task.name), "EINVALID_NAME");
  ensure(ctx, MODULE, isValidDescription(task.description), "EDESCRIPTION_TOO_LONG");
  ensure(
    ctx,
    MODULE,
    task.process_id === "" || readProcess(ctx.sql, task.process_id) !== undefined,
    "EPROCESS_NOT_FOUND",
  );
  ensure(
    ctx,
    MODULE,
    task.dependencies.length <= LIMITS.MAX_DEPENDENCIES,
    "ETOO_MANY_DEPENDENCIES",
  );
  ensure(
    ctx,
    MODULE,
    task.dependencies.every((dep) => readTask(ctx.sql, workflow.id, dep) !== undefined),
    "EDEPENDENCY_NOT_FOUND",
  );
  ensure(ctx, MODULE, readTask(ctx.sql, workflow.id, task.id) === undefined, "ETASK_EXISTS");
  ensure(ctx, MODULE, workflow.task_count < BigInt(LIMITS.MAX_TASKS), "ETOO_MANY_TASKS");

  insertTask(ctx.sql, workflow.id, Number(workflow.task_count), task);
  writeWorkflow(ctx.sql, {
    ...workflow,
    task_count: workflow.task_count + 1n,
    updated_at: ctx.now,
  });
  emitEvent(ctx, "TaskAdded", {
    workflow_id: workflow.id,
    task_id: task.id,
    process_id: task.process_id,
  });
}

/** The requester's payment for the task's process and id, if the task names a process. */
function linkedPayment(ctx: ExecutionContext, task: Task): PaymentRecord | undefined {
  if (task.process_id === "") return undefined;
  return readPayment(ctx.sql, {
    process_id: task.process_id,
    task_id: task.id,
    payer: task.requester,
  });
}

/**
 * Records the linked payment's outcome when the provider side moves the task to an end state,
 * until the payment's settle time; a move by anyone else, or after the settle time, records
 * nothing and does not abort (the task still moves, so a workflow is never blocked, and the
 * payment is left for settle to decide on what was recorded in time).
 */
function propagateOutcome(ctx: ExecutionContext, task: Task, caller: string): void {
  const payment = linkedPayment(ctx, task);
  if (payment === undefined) return;
  if (payment.status !== PAYMENT_STATUS.ESCROW || payment.outcome !== OUTCOME.NONE) return;
  if (!outcomeWindowOpen(ctx, payment)) return;
  if (!isProviderSide(ctx, payment, caller)) return;
  const delivered = task.status === TASK_STATUS.COMPLETED;
  recordOutcome(ctx, payment, delivered, new Uint8Array(), caller);
}

/** The workflow completes with its last task that becomes COMPLETED. */
function completeIfDone(ctx: ExecutionContext, workflow: Workflow): void {
  if (workflow.status !== WORKFLOW_STATUS.ACTIVE) return;
  if (countTasksNotIn(ctx.sql, workflow.id, DONE) !== 0) return;
  writeWorkflow(ctx.sql, { ...workflow, status: WORKFLOW_STATUS.COMPLETED, updated_at: ctx.now });
  emitEvent(ctx, "WorkflowCompleted", { workflow_id: workflow.id });
}

/**
 * Applies a checked status change. Events in the Move order: TaskStatusChanged, then
 * WorkflowCompleted if this completed the workflow, then the propagated OutcomeReported.
 */
function moveTask(
  ctx: ExecutionContext,
  workflow: Workflow,
  task: Task,
  to: number,
  caller: string,
): void {
  const from = task.status;
  task.status = to;
  task.updated_at = ctx.now;
  saveTaskStatus(ctx.sql, workflow.id, task);
  emitEvent(ctx, "TaskStatusChanged", {
    workflow_id: workflow.id,
    task_id: task.id,
    from_status: from,
    to_status: to,
    changed_by: caller,
  });
  if (to === TASK_STATUS.COMPLETED) completeIfDone(ctx, workflow);
  if (to !== TASK_STATUS.IN_PROGRESS) propagateOutcome(ctx, task, caller);
}

export function updateTaskStatus(ctx: ExecutionContext, caller: string, args: Args): void {
  const workflow = existingWorkflow(ctx, args.string("workflow_id"));
  const task = present(
    ctx,
    MODULE,
    readTask(ctx.sql, workflow.id, args.string("task_id")),
    "ETASK_NOT_FOUND",
  );
  const move = transitionFor(ctx, task.status, args.u8("new_status"));
  ensure(ctx, MODULE, move.allows(caller, workflow, task), "ENOT_AUTHORIZED");
  if (move.needsDependenciesDone) {
    ensure(
      ctx,
      MODULE,
      task.dependencies.every((dep) =>
        DONE.includes(readTask(ctx.sql, workflow.id, dep)?.status ?? -1),
      ),
      "EDEPENDENCIES_NOT_DONE",
    );
  }
  moveTask(ctx, workflow, task, move.to, caller);
}

export function cancelWorkflow(ctx: ExecutionContext, owner: string, args: Args): void {
  const workflow = ownedActiveWorkflow(ctx, owner, args.string("workflow_id"));
  for (const task of listTasks(ctx.sql, workflow.id)) {
    if (task.status !== TASK_STATUS.PENDING && task.status !== TASK_STATUS.IN_PROGRESS) continue;
    moveTask(ctx, workflow, task, TASK_STATUS.CANCELED, owner);
  }
  writeWorkflow(ctx.sql, { ...workflow, status: WORKFLOW_STATUS.CANCELED, updated_at: ctx.now });
  emitEvent(ctx, "WorkflowCanceled", { workflow_id: workflow.id, canceled_by: owner });
}

/** Checks shared by both approvals: the requester approves a COMPLETED task. */
function approvableTask(
  ctx: ExecutionContext,
  requester: string,
  args: Args,
): { workflow: Workflow; task: Task } {
  const workflow = existingWorkflow(ctx, args.string("workflow_id"));
  const task = present(
    ctx,
    MODULE,
    readTask(ctx.sql, workflow.id, args.string("task_id")),
    "ETASK_NOT_FOUND",
  );
  ensure(ctx, MODULE, task.requester === requester, "ENOT_REQUESTER");
  ensure(ctx, MODULE, task.status === TASK_STATUS.COMPLETED, "ETASK_NOT_COMPLETED");
  return { workflow, task };
}

function setApproved(ctx: ExecutionContext, workflow: Workflow, task: Task): void {
  task.status = TASK_STATUS.APPROVED;
  task.updated_at = ctx.now;
  saveTaskStatus(ctx.sql, workflow.id, task);
}

function emitApproved(
  ctx: ExecutionContext,
  workflow: Workflow,
  task: Task,
  released: boolean,
): void {
  emitEvent(ctx, "TaskApproved", {
    workflow_id: workflow.id,
    task_id: task.id,
    requester: task.requester,
    payment_released: released,
  });
}

export function approveTask(ctx: ExecutionContext, requester: string, args: Args): void {
  const { workflow, task } = approvableTask(ctx, requester, args);
  const payment = linkedPayment(ctx, task);
  ensure(ctx, MODULE, payment?.status !== PAYMENT_STATUS.ESCROW, "EPAYMENT_PENDING");
  setApproved(ctx, workflow, task);
  emitApproved(ctx, workflow, task, false);
}

export function approveTaskAndReleasePayment(
  ctx: ExecutionContext,
  requester: string,
  args: Args,
): void {
  const { workflow, task } = approvableTask(ctx, requester, args);
  const payment = present(ctx, MODULE, linkedPayment(ctx, task), "EPAYMENT_NOT_FOUND");
  ensure(ctx, MODULE, payment.status === PAYMENT_STATUS.ESCROW, "ENOT_IN_ESCROW");
  // Move order: the task is approved, the payment released (PaymentReleased), then TaskApproved.
  setApproved(ctx, workflow, task);
  releaseToReceiver(ctx, payment);
  emitApproved(ctx, workflow, task, true);
}
