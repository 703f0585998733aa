import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { payerArg, paymentTaskArgs } from "../args/payment-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parsePayer, parsePaymentTask } from "../validate/payment-key.js";

export default defineCommand({
  args: {
    ...paymentTaskArgs,
    payer: { ...payerArg.payer, required: true, description: "The payer's address" },
    ...signArgs,
  },
  async run({ args }) {
    const request = parsePaymentTask(args);
    const payer = parsePayer(args.payer, undefined);
    const session = openSession(args);
    const signer = session.transactionSigner();
    const receipt = await session.submit("cancel", (wait) =>
      session.client.cancelPayment({ signer, ...request, payer, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    session.out.result({ success: true, ...request, payer, status: "CANCELED", ...tx }, () =>
      formatKeyValues([
        ["canceled", `${request.processId} / ${request.taskId}`],
        ["payer", payer],
        ...transactionRows(tx),
      ]),
    );
  },
});
