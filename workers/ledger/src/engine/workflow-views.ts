import { present } from "./abort.js";
import type { ViewHandler } from "./handlers.js";
import type { Workflow } from "./records.js";
import type { ExecutionContext } from "./types.js";
import { listTasks, readTask, readWorkflow } from "./workflow-store.js";

function existing(ctx: ExecutionContext, id: string): Workflow {
  return present(ctx, "workflow", readWorkflow(ctx.sql, id), "EWORKFLOW_NOT_FOUND");
}

export const WORKFLOW_VIEWS = {
  workflow_exists: (ctx, args) => [readWorkflow(ctx.sql, args.string("id")) !== undefined],
  get_workflow: (ctx, args) => [existing(ctx, args.string("id"))],
  get_task: (ctx, args) => {
    const workflow = existing(ctx, args.string("workflow_id"));
    const task = readTask(ctx.sql, workflow.id, args.string("task_id"));
    return [present(ctx, "workflow", task, "ETASK_NOT_FOUND")];
  },
  list_tasks: (ctx, args) => [listTasks(ctx.sql, existing(ctx, args.string("workflow_id")).id)],
} satisfies Record<string, ViewHandler>;
