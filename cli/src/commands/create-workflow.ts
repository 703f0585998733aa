import { defineCommand } from "citty";
import { workflowIdSchema } from "#shared/schemas/ids";
import { descriptionSchema, processNameSchema } from "#shared/schemas/process";
import { workflowCreateSchema } from "#shared/schemas/workflow";
import { signArgs } from "../args/common-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Workflow id" },
    name: { type: "string", required: true, description: "Workflow name" },
    description: { type: "string", description: "What the workflow is for" },
    ...signArgs,
  },
  async run({ args }) {
    const workflow = workflowCreateSchema.parse({
      id: parseOption("id", workflowIdSchema, requireValue("id", args.id)),
      name: parseOption("name", processNameSchema, requireValue("name", args.name)),
      description:
        args.description === undefined
          ? ""
          : parseOption("description", descriptionSchema, args.description),
    });
    const session = openSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("create-workflow", (wait) =>
      session.client.createWorkflow({ signer, ...workflow, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, workflowId: workflow.id, ...tx }, () =>
      formatKeyValues([["workflow", workflow.id], ...transactionRows(tx)]),
    );
  },
});
