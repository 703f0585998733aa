import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { processArgs } from "../args/process-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { registerFields } from "../validate/process-fields.js";
import { processInputFromArgs } from "../validate/process-input.js";

export default defineCommand({
  args: { ...processArgs, ...signArgs },
  async run({ args }) {
    const input = processInputFromArgs(args);
    const fields = registerFields(input);
    const session = openSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("register", (wait) =>
      session.client.registerProcess({
        signer,
        ...(input.id === undefined ? {} : { id: input.id }),
        process: fields,
        options: wait,
      }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result(
      {
        success: true,
        processId: receipt.processId,
        owner: signer.accountAddress.toStringLong(),
        ...tx,
      },
      () => formatKeyValues([["process id", receipt.processId], ...transactionRows(tx)]),
    );
  },
});
