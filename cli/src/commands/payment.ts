import { defineCommand } from "citty";
import { readArgs } from "../args/common-args.js";
import { payerArg, paymentTaskArgs } from "../args/payment-args.js";
import { CliError } from "../errors/cli-error.js";
import { paymentJson, paymentView } from "../output/views.js";
import { openSession } from "../runtime/session.js";
import { parsePayer, parsePaymentTask } from "../validate/payment-key.js";

export default defineCommand({
  args: {
    ...paymentTaskArgs,
    ...payerArg,
    "private-key": {
      type: "string",
      alias: "p",
      valueHint: "key",
      description: "Only to default --payer to this key's address",
    },
    ...readArgs,
  },
  async run({ args }) {
    const key = parsePaymentTask(args);
    const session = openSession(args);
    const payer = parsePayer(
      args.payer,
      session.settings.privateKey
        ? () => session.transactionSigner().accountAddress.toStringLong()
        : undefined,
    );
    const record = await session.client.getPaymentRecord({ ...key, payer });
    if (!record) {
      throw new CliError(
        "not_found",
        `no payment for process ${key.processId}, task ${key.taskId} from ${payer}`,
      );
    }
    session.out.result({ success: true, payment: paymentJson(record) }, () => paymentView(record));
  },
});
