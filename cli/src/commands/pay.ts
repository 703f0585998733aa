import { defineCommand } from "citty";
import { amountSchema } from "#shared/schemas/amount";
import { paymentTaskIdSchema, processIdSchema } from "#shared/schemas/ids";
import { signArgs } from "../args/common-args.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import { generateTaskId } from "../runtime/task-id.js";
import { openTransactionSession, transactionRows } from "../runtime/transaction-session.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    amount: {
      type: "string",
      alias: "a",
      required: true,
      valueHint: "octas",
      description: "Amount in octas (1 APT = 100000000)",
    },
    task: {
      type: "string",
      alias: "t",
      valueHint: "id",
      description: "Task id of the payment (default: a generated one)",
    },
    ...signArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const amount = parseOption("amount", amountSchema, requireValue("amount", args.amount));
    const taskId =
      args.task === undefined
        ? generateTaskId()
        : parseOption("task", paymentTaskIdSchema, args.task);
    // The client's own transaction path without the rest of the client, so this run never
    // loads the ledger SDK: `pay` is the command scripts call in a loop.
    const session = openTransactionSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("pay", (wait) =>
      session.transactions.entry({
        signer,
        fn: "make_payment",
        args: [processId, taskId, amount],
        options: wait,
      }),
    );
    const tx = session.transaction(receipt.hash);
    const payer = signer.accountAddress.toStringLong();
    session.out.result(
      { success: true, processId, taskId, amount: amount.toString(), payer, ...tx },
      () =>
        formatKeyValues([
          ["process", processId],
          ["task id", taskId],
          ["amount", formatApt(amount)],
          ["payer", payer],
          ...transactionRows(tx),
        ]),
    );
  },
});
