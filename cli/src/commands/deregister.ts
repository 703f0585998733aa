import { defineCommand } from "citty";
import { processIdSchema } from "#shared/schemas/ids";
import { signArgs } from "../args/common-args.js";
import { CliError } from "../errors/cli-error.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    ...signArgs,
  },
  async run({ args }) {
    const id = parseOption("id", processIdSchema, requireValue("id", args.id));
    const session = openSession(args);
    const signer = session.transactionSigner();
    const current = await session.client.getProcess(id);
    if (!current) throw new CliError("not_found", `process ${id} does not exist`);
    if (current.owner !== signer.accountAddress.toStringLong()) {
      throw new CliError("refused", `only the owner ${current.owner} can deregister process ${id}`);
    }
    const receipt = await session.submit("deregister", (wait) =>
      session.client.deregisterProcess({ signer, id, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, processId: id, ...tx }, () =>
      formatKeyValues([["deregistered", id], ...transactionRows(tx)]),
    );
  },
});
