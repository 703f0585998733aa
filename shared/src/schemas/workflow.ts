import { z } from "zod";
import { LIMITS } from "../contract/limits.js";
import { TASK_STATUS, WORKFLOW_STATUS } from "../contract/status.js";
import { addressSchema } from "./address.js";
import { processIdSchema, taskIdSchema, workflowIdSchema } from "./ids.js";
import { descriptionSchema, processNameSchema } from "./process.js";

/** Creation options of a workflow: id, name, description (README.md, "create-workflow"). */
export const workflowCreateSchema = z
  .object({
    id: workflowIdSchema,
    name: processNameSchema,
    description: descriptionSchema.default(""),
  })
  .meta({ id: "WorkflowCreate", description: "Options to create a workflow" });

export type WorkflowCreate = z.output<typeof workflowCreateSchema>;
export type WorkflowCreateInput = z.input<typeof workflowCreateSchema>;

/** Creation options of a task; dependencies must already be tasks of the same workflow. */
export const taskCreateSchema = z
  .object({
    workflowId: workflowIdSchema,
    id: taskIdSchema,
    name: processNameSchema,
    description: descriptionSchema.default(""),
    assignee: addressSchema.optional(),
    requester: addressSchema.optional(),
    process: processIdSchema.optional(),
    dependencies: z.array(taskIdSchema).max(LIMITS.MAX_DEPENDENCIES).default([]),
  })
  .meta({ id: "TaskCreate", description: "Options to add a task to a workflow" });

export type TaskCreate = z.output<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

type TaskStatusKey = keyof typeof TASK_STATUS;
type WorkflowStatusKey = keyof typeof WORKFLOW_STATUS;

// CLI names are the ledger constant names in lower case (IN_PROGRESS -> in_progress).
export type TaskStatusName = Lowercase<TaskStatusKey>;
export type WorkflowStatusName = Lowercase<WorkflowStatusKey>;

function lowerKeys<K extends string>(table: Record<K, number>): Lowercase<K>[] {
  return (Object.keys(table) as K[]).map((k) => k.toLowerCase() as Lowercase<K>);
}

export const TASK_STATUS_NAMES = lowerKeys(TASK_STATUS);
export const WORKFLOW_STATUS_NAMES = lowerKeys(WORKFLOW_STATUS);

export const taskStatusNameSchema = z.enum(
  TASK_STATUS_NAMES as [TaskStatusName, ...TaskStatusName[]],
);
export const workflowStatusNameSchema = z.enum(
  WORKFLOW_STATUS_NAMES as [WorkflowStatusName, ...WorkflowStatusName[]],
);

export function taskStatusName(code: number): TaskStatusName | undefined {
  return TASK_STATUS_NAMES.find((name) => taskStatusCode(name) === code);
}

export function taskStatusCode(name: TaskStatusName): number {
  return TASK_STATUS[name.toUpperCase() as TaskStatusKey];
}

export function workflowStatusName(code: number): WorkflowStatusName | undefined {
  return WORKFLOW_STATUS_NAMES.find((name) => workflowStatusCode(name) === code);
}

export function workflowStatusCode(name: WorkflowStatusName): number {
  return WORKFLOW_STATUS[name.toUpperCase() as WorkflowStatusKey];
}
