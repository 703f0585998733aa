import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { paymentTaskArgs } from "../args/payment-args.js";
import { formatKeyValues } from "../output/format.js";
import { openSession, transactionRows } from "../runtime/session.js";
import { parsePaymentTask } from "../validate/payment-key.js";

export default defineCommand({
  args: { ...paymentTaskArgs, ...signArgs },
  async run({ args }) {
    const request = parsePaymentTask(args);
    const session = openSession(args);
    const signer = session.transactionSigner();
    const hash = await session.submit("release", (wait) =>
      session.client.releasePayment(signer, request, wait),
    );
    const tx = session.transaction(hash);
    session.out.result({ success: true, ...request, status: "COMPLETED", ...tx }, () =>
      formatKeyValues([
        ["released", `${request.processId} / ${request.taskId}`],
        ...transactionRows(tx),
      ]),
    );
  },
});
