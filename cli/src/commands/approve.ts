import { defineCommand } from "citty";
import { taskIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import { signArgs } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
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
    ...signArgs,
  },
  async run({ args }) {
    const workflowId = parseOption(
      "workflow",
      workflowIdSchema,
      requireValue("workflow", args.workflow),
    );
    const taskId = parseOption("task", taskIdSchema, requireValue("task", args.task));
    const session = openSession(args);
    const signer = session.transactionSigner();
    const task = await session.client.getTask({ workflowId, taskId });
    if (!task)
      throw new CliError("not_found", `task ${taskId} of workflow ${workflowId} does not exist`);
    // A task linked to a process is paid by its requester; approving it releases that payment.
    const paid =
      task.processId !== "" &&
      (await session.client.paymentExists({
        processId: task.processId,
        taskId,
        payer: task.requester,
      }));
    const call = { signer, workflowId, taskId };
    const receipt = await session.submit("approve", (wait) =>
      paid
        ? session.client.approveTaskAndReleasePayment({ ...call, options: wait })
        : session.client.approveTask({ ...call, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, workflowId, taskId, paymentReleased: paid, ...tx }, () =>
      formatKeyValues([
        ["approved", `${workflowId} / ${taskId}`],
        ["payment", paid ? `released (process ${task.processId})` : "none"],
        ...transactionRows(tx),
      ]),
    );
  },
});
