import { z } from "zod";
import { TASK_STATUS } from "../contract/status.js";
import type { LedgerCore } from "./core.js";
import { LedgerError } from "./errors.js";
import { toAddress } from "./inputs.js";
import { toU8 } from "./integers.js";
import { boolJson } from "./move-json.js";
import { type LedgerTask, type LedgerWorkflow, taskJson, workflowJson } from "./records.js";
import type { LedgerSigner, SubmitOptions, TxReceipt } from "./transactions.js";
import { orNull, single } from "./view-results.js";

export type TaskStatusName = keyof typeof TASK_STATUS;

export interface AddTaskArgs {
  signer: LedgerSigner;
  workflowId: string;
  taskId: string;
  name: string;
  description?: string;
  /** Default: the signer. */
  assignee?: string;
  /** The address that pays and approves; default: the signer. */
  requester?: string;
  /** Empty or omitted: the task has no process (and no payment). */
  processId?: string;
  /** Task ids of the same workflow that must be completed first. */
  dependencies?: readonly string[];
  options?: SubmitOptions;
}

interface TaskCall {
  signer: LedgerSigner;
  workflowId: string;
  taskId: string;
  options?: SubmitOptions;
}

function opts(options: SubmitOptions | undefined): { options?: SubmitOptions } {
  return options === undefined ? {} : { options };
}

function taskStatusCode(status: TaskStatusName | number): number {
  if (typeof status === "number") return toU8(status, "status");
  if (!(status in TASK_STATUS)) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `status: "${status}" is not one of ${Object.keys(TASK_STATUS).join(", ")}`,
    });
  }
  return TASK_STATUS[status];
}

export function workflowFunctions(core: LedgerCore) {
  return {
    createWorkflow(args: {
      signer: LedgerSigner;
      id: string;
      name: string;
      description?: string;
      options?: SubmitOptions;
    }): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "create_workflow",
        args: [args.id, args.name, args.description ?? ""],
        ...opts(args.options),
      });
    },

    /** Workflow owner only, while ACTIVE; dependencies must already be tasks of the workflow. */
    async addTask(args: AddTaskArgs): Promise<TxReceipt> {
      const self = args.signer.accountAddress.toStringLong();
      return core.entry({
        signer: args.signer,
        fn: "add_task",
        args: [
          args.workflowId,
          args.taskId,
          args.name,
          args.description ?? "",
          args.assignee === undefined ? self : toAddress(args.assignee, "assignee"),
          args.requester === undefined ? self : toAddress(args.requester, "requester"),
          args.processId ?? "",
          [...(args.dependencies ?? [])],
        ],
        ...opts(args.options),
      });
    },

    /** PENDING -> IN_PROGRESS -> COMPLETED or FAILED; CANCELED by the owner (or requester from PENDING). */
    async updateTaskStatus(
      args: TaskCall & { status: TaskStatusName | number },
    ): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "update_task_status",
        args: [args.workflowId, args.taskId, taskStatusCode(args.status)],
        ...opts(args.options),
      });
    },

    async cancelWorkflow(args: {
      signer: LedgerSigner;
      workflowId: string;
      options?: SubmitOptions;
    }): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "cancel_workflow",
        args: [args.workflowId],
        ...opts(args.options),
      });
    },

    /** The requester approves a COMPLETED task and releases its escrowed payment, in one transaction. */
    async approveTaskAndReleasePayment(args: TaskCall): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "approve_task_and_release_payment",
        args: [args.workflowId, args.taskId],
        ...opts(args.options),
      });
    },

    /** The same approval for a task without a payment. */
    async approveTask(args: TaskCall): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "approve_task",
        args: [args.workflowId, args.taskId],
        ...opts(args.options),
      });
    },

    async workflowExists(id: string): Promise<boolean> {
      return core.view({ fn: "workflow_exists", args: [id], result: single(boolJson) });
    },

    async getWorkflow(id: string): Promise<LedgerWorkflow | null> {
      return orNull(
        () => core.view({ fn: "get_workflow", args: [id], result: single(workflowJson) }),
        "EWORKFLOW_NOT_FOUND",
      );
    },

    /** Null when the workflow or the task does not exist. */
    async getTask(args: { workflowId: string; taskId: string }): Promise<LedgerTask | null> {
      return orNull(
        () =>
          core.view({
            fn: "get_task",
            args: [args.workflowId, args.taskId],
            result: single(taskJson),
          }),
        "EWORKFLOW_NOT_FOUND",
        "ETASK_NOT_FOUND",
      );
    },

    async listTasks(workflowId: string): Promise<LedgerTask[]> {
      return core.view({ fn: "list_tasks", args: [workflowId], result: single(z.array(taskJson)) });
    },
  };
}

export type WorkflowFunctions = ReturnType<typeof workflowFunctions>;
