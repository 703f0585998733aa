import { defineCommand } from "citty";
import { toSpecProcess } from "#shared/ledger";
import { processIdSchema } from "#shared/schemas/ids";
import { readArgs } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
import { processView } from "../output/views.js";
import { openSession } from "../runtime/session.js";
import { parseOption } from "../validate/options.js";

export default defineCommand({
  args: {
    process_id: { type: "positional", required: true, description: "Process id" },
    ...readArgs,
  },
  async run({ args }) {
    const id = parseOption("PROCESS_ID", processIdSchema, args.process_id);
    const session = openSession(args);
    const process = await session.client.getProcess(id);
    if (!process) throw new CliError("not_found", `process ${id} does not exist`);
    session.out.result(
      {
        success: true,
        process: toSpecProcess(process),
        serviceUrl: process.serviceUrl,
        paymentAddress: process.paymentAddress,
      },
      () => processView(process),
    );
  },
});
