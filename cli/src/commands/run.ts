import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { createOutput } from "../output/output.js";
import { runCaller } from "../run/run-caller.js";
import { callExecute } from "../run/run-gateway.js";
import { parseRunOptions } from "../run/run-options.js";
import { runLogs, showRunResult } from "../run/run-output.js";
import { payBeforeRun, type RunPayment } from "../run/run-payment.js";
import { buildExecuteRequest } from "../run/run-request.js";
import { settingsFromArgs } from "../runtime/settings.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    data: {
      type: "string",
      alias: "d",
      valueHint: "json|path",
      description: "Input data: a JSON object, or a path to a JSON file (default {})",
    },
    workflow: { type: "string", alias: "w", valueHint: "id", description: "Workflow id" },
    task: {
      type: "string",
      alias: "t",
      valueHint: "id",
      description: "Task id: the payment this run uses (with --pay: the new payment's task id)",
    },
    priority: { type: "string", valueHint: "0-3", description: "Priority, 0 to 3" },
    pay: { type: "boolean", description: "Pay --amount into escrow first and run on that payment" },
    amount: {
      type: "string",
      valueHint: "octas",
      description: "Amount to pay in octas (required with --pay)",
    },
    user: {
      type: "string",
      alias: "u",
      valueHint: "address",
      description: "Run as this address without a key (free processes only)",
    },
    ...gatewayArgs,
    ...signArgs,
  },
  async run({ args }) {
    const options = parseRunOptions(args);
    const { processId, taskId, amount } = options;
    const out = createOutput({ json: args.json === true });
    // Flags, profile and environment are read once; the payment step reuses them.
    const settings = settingsFromArgs(args);
    const caller = runCaller(settings, options.user);
    let payment: RunPayment | undefined;
    if (amount !== undefined && taskId !== undefined && caller.signer) {
      payment = await payBeforeRun({
        values: args,
        settings,
        signer: caller.signer,
        processId,
        taskId,
        amount,
        out,
      });
    }
    const request = await buildExecuteRequest(options, caller);
    const answer = await callExecute(request, processId, out);
    const logs = await runLogs({
      gateway: options.gateway,
      processId,
      transactionId: answer.transactionId,
      out,
    });
    showRunResult({ out, processId, answer, taskId, payment, logs });
  },
});
