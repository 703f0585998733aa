import { defineCommand } from "citty";
import { taskIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import {
  type TaskStatusName,
  taskStatusCode,
  taskStatusNameSchema,
} from "#shared/schemas/workflow";
import { signArgs } from "../args/common-args.js";
import { usageError } from "../errors/cli-error.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    workflow: {
      type: "string",
      alias: "w",
      required: true,
      valueHint: "id",
      description: "Workflow id",
    },
    task: { type: "string", alias: "t", required: true, valueHint: "id", description: "Task id" },
    status: {
      type: "string",
      alias: "s",
      required: true,
      valueHint: "in_progress|completed|failed|canceled",
      description: "New status",
    },
    ...signArgs,
  },
  async run({ args }) {
    const workflowId = parseOption(
      "workflow",
      workflowIdSchema,
      requireValue("workflow", args.workflow),
    );
    const taskId = parseOption("task", taskIdSchema, requireValue("task", args.task));
    const status: TaskStatusName = parseOption(
      "status",
      taskStatusNameSchema,
      requireValue("status", args.status).toLowerCase(),
    );
    if (status === "approved") throw usageError("--status approved: use agentgate approve");
    if (status === "pending") throw usageError("--status pending: a task never returns to pending");
    const session = openSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("task-status", (wait) =>
      session.client.updateTaskStatus({
        signer,
        workflowId,
        taskId,
        status: taskStatusCode(status),
        options: wait,
      }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, workflowId, taskId, status, ...tx }, () =>
      formatKeyValues([
        ["task", `${workflowId} / ${taskId}`],
        ["status", status],
        ...transactionRows(tx),
      ]),
    );
  },
});
