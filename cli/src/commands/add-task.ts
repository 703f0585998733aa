import { defineCommand } from "citty";
import { LIMITS } from "#shared/contract/limits";
import { addressSchema } from "#shared/schemas/address";
import { processIdSchema, taskIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import { descriptionSchema, processNameSchema } from "#shared/schemas/process";
import { signArgs } from "../args/common-args.js";
import { usageError } from "../errors/cli-error.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import {
  parseListOption,
  parseOption,
  parseOptionalOption,
  requireValue,
} from "../validate/options.js";

export default defineCommand({
  args: {
    workflow: { type: "string", required: true, valueHint: "id", description: "Workflow id" },
    task: {
      type: "string",
      required: true,
      valueHint: "id",
      description: "Task id (unique in the workflow)",
    },
    name: { type: "string", required: true, description: "Task name" },
    description: { type: "string", description: "What the task is" },
    assignee: {
      type: "string",
      valueHint: "address",
      description: "Who does the task (default: you)",
    },
    requester: {
      type: "string",
      valueHint: "address",
      description: "Who pays and approves (default: you)",
    },
    process: { type: "string", valueHint: "id", description: "Process that performs the task" },
    dependencies: {
      type: "string",
      valueHint: "ids",
      description: "Comma-separated task ids that must be completed first",
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
    const name = parseOption("name", processNameSchema, requireValue("name", args.name));
    const description =
      args.description === undefined
        ? ""
        : parseOption("description", descriptionSchema, args.description);
    const givenAssignee = parseOptionalOption("assignee", addressSchema, args.assignee);
    const givenRequester = parseOptionalOption("requester", addressSchema, args.requester);
    const processId = parseOptionalOption("process", processIdSchema, args.process);
    const dependencies =
      args.dependencies === undefined
        ? []
        : parseListOption("dependencies", taskIdSchema, args.dependencies);
    if (dependencies.length > LIMITS.MAX_DEPENDENCIES) {
      throw usageError(`--dependencies: at most ${LIMITS.MAX_DEPENDENCIES} task ids`);
    }
    if (dependencies.includes(taskId))
      throw usageError("--dependencies: a task cannot depend on itself");
    const session = openSession(args);
    const signer = session.transactionSigner();
    const me = signer.accountAddress.toStringLong();
    const assignee = givenAssignee ?? me;
    const requester = givenRequester ?? me;
    const receipt = await session.submit("add-task", (wait) =>
      session.client.addTask({
        signer,
        workflowId,
        taskId,
        name,
        description,
        assignee,
        requester,
        ...(processId === undefined ? {} : { processId }),
        dependencies,
        options: wait,
      }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result(
      {
        success: true,
        workflowId,
        taskId,
        assignee,
        requester,
        processId: processId ?? "",
        dependencies,
        ...tx,
      },
      () =>
        formatKeyValues([
          ["workflow", workflowId],
          ["task", taskId],
          ["assignee", assignee],
          ["requester", requester],
          ["process", processId ?? "-"],
          ["depends on", dependencies.length ? dependencies.join(", ") : "-"],
          ...transactionRows(tx),
        ]),
    );
  },
});
