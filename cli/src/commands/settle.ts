import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { payerArg, paymentTaskArgs } from "../args/payment-args.js";
import { formatKeyValues } from "../output/format.js";
import { paymentJson } from "../output/views.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parsePayer, parsePaymentTask } from "../validate/payment-key.js";

export default defineCommand({
  args: { ...paymentTaskArgs, ...payerArg, ...signArgs },
  async run({ args }) {
    const request = parsePaymentTask(args);
    const session = openSession(args);
    const signer = session.transactionSigner();
    const payer = parsePayer(args.payer, () => signer.accountAddress.toStringLong());
    const receipt = await session.submit("settle", (wait) =>
      session.client.settlePayment({ signer, ...request, payer, options: wait }),
    );
    const tx = session.transaction(receipt.hash);
    const record = await session.client.getPaymentRecord({ ...request, payer });
    const status = record ? paymentJson(record).statusName : "unknown";
    session.out.result({ success: true, ...request, payer, status, ...tx }, () =>
      formatKeyValues([
        ["settled", `${request.processId} / ${request.taskId}`],
        ["payer", payer],
        ["status", status],
        ...transactionRows(tx),
      ]),
    );
  },
});
