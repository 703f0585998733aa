import { defineCommand } from "citty";
import { processFieldsOf } from "#shared/ledger";
import { processIdSchema } from "#shared/schemas/ids";
import { signArgs } from "../args/common-args.js";
import { processArgs } from "../args/process-args.js";
import { CliError, usageError } from "../errors/cli-error.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOption, requireValue } from "../validate/options.js";
import { isEmptyInput, mergeFields } from "../validate/process-fields.js";
import { processInputFromArgs } from "../validate/process-input.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    ...processArgs,
    ...signArgs,
  },
  async run({ args }) {
    const id = parseOption("id", processIdSchema, requireValue("id", args.id));
    const input = processInputFromArgs(args);
    if (isEmptyInput(input)) throw usageError("nothing to update: give at least one new value");
    if (input.id !== undefined && input.id !== id) {
      throw usageError(`--config has id "${input.id}" but --id is "${id}"`);
    }
    const session = openSession(args);
    const signer = session.transactionSigner();
    const current = await session.client.getProcess(id);
    if (!current) throw new CliError("not_found", `process ${id} does not exist`);
    const me = signer.accountAddress.toStringLong();
    if (current.owner !== me) {
      throw new CliError("refused", `only the owner ${current.owner} can update process ${id}`);
    }
    const fields = mergeFields(processFieldsOf(current), input);
    const receipt = await session.submit("update", (wait) =>
      session.client.updateProcess({ signer, id, process: fields, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, processId: id, ...tx }, () =>
      formatKeyValues([["updated", id], ...transactionRows(tx)]),
    );
  },
});
