import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { payerArg, paymentTaskArgs } from "../args/payment-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parseOutcome } from "../validate/outcome.js";
import { parsePayer, parsePaymentTask } from "../validate/payment-key.js";

export default defineCommand({
  args: {
    ...paymentTaskArgs,
    payer: { ...payerArg.payer, required: true, description: "The payer's address" },
    delivered: { type: "boolean", description: "The task was delivered" },
    failed: { type: "boolean", description: "The task failed: the payer may then refund" },
    "result-hash": {
      type: "string",
      valueHint: "hex",
      description: "With --delivered: a hash of the result, kept with the payment",
    },
    ...signArgs,
  },
  async run({ args }) {
    const request = parsePaymentTask(args);
    const payer = parsePayer(args.payer, undefined);
    const outcome = parseOutcome(args);
    const session = openSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("report", (wait) =>
      session.client.reportOutcome({
        signer,
        ...request,
        payer,
        delivered: outcome.delivered,
        resultHash: outcome.resultHash,
        options: wait,
      }),
    );
    const tx = session.transaction(receipt.hash);
    const name = outcome.delivered ? "DELIVERED" : "FAILED";
    session.out.result(
      {
        success: true,
        ...request,
        payer,
        outcome: name,
        resultHash: outcome.resultHashHex,
        ...tx,
      },
      () =>
        formatKeyValues([
          ["reported", `${request.processId} / ${request.taskId}: ${name}`],
          ["payer", payer],
          ...(outcome.resultHash.length > 0
            ? ([["result hash", outcome.resultHashHex]] as const)
            : []),
          ...transactionRows(tx),
        ]),
    );
  },
});
