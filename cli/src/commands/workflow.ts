import { defineCommand } from "citty";
import { workflowIdSchema } from "#shared/schemas/ids";
import { readArgs } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
import { workflowJson, workflowView } from "../output/views.js";
import { openSession } from "../runtime/session.js";
import { parseOption } from "../validate/options.js";

export default defineCommand({
  args: {
    workflow_id: { type: "positional", required: true, description: "Workflow id" },
    ...readArgs,
  },
  async run({ args }) {
    const id = parseOption("WORKFLOW_ID", workflowIdSchema, args.workflow_id);
    const session = openSession(args);
    const workflow = await session.client.getWorkflow(id);
    if (!workflow) throw new CliError("not_found", `workflow ${id} does not exist`);
    const tasks = await session.client.listTasks(id);
    session.out.result({ success: true, workflow: workflowJson(workflow, tasks) }, () =>
      workflowView(workflow, tasks),
    );
  },
});
