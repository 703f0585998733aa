import { defineCommand } from "citty";
import { signArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { runInputArgs } from "../args/run-input-args.js";
import { usageError } from "../errors/cli-error.js";
import { createOutput } from "../output/output.js";
import { finishStartedRun } from "../run/run-async.js";
import { runCaller } from "../run/run-caller.js";
import { type StartedRun, sendExecute, startedRun } from "../run/run-gateway.js";
import { parseRunOptions } from "../run/run-options.js";
import { runLogs, showRunResult } from "../run/run-output.js";
import type { RunPayment } from "../run/run-pay-and-run.js";
import { buildExecuteRequest } from "../run/run-request.js";
import { settingsFromArgs } from "../runtime/settings.js";

export default defineCommand({
  args: {
    ...runInputArgs,
    workflow: { type: "string", alias: "w", valueHint: "id", description: "Workflow id" },
    task: {
      type: "string",
      alias: "t",
      valueHint: "id",
      description: "Task id: the payment this run uses (with --pay: the new payment's task id)",
    },
    priority: { type: "string", valueHint: "0-3", description: "Priority, 0 to 3" },
    pay: {
      type: "boolean",
      description: "Pay --amount and run on that payment, in one gateway request (x402)",
    },
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
    async: {
      type: "boolean",
      description:
        "Start the run and return at once: print its transaction id, access token and links",
    },
    ...gatewayArgs,
    ...signArgs,
  },
  async run({ args }) {
    const options = parseRunOptions(args);
    const { processId, taskId, amount } = options;
    const out = createOutput({ json: args.json === true });
    // Flags, profile and environment are read once; the payment reuses them.
    const settings = settingsFromArgs(args);
    const caller = runCaller(settings, options.user);
    let started: StartedRun;
    let payment: RunPayment | undefined;
    if (amount !== undefined && taskId !== undefined) {
      if (!caller.signer) throw usageError("--pay needs a key to sign the payment, not --user");
      // Loaded only here: x402's codecs bring their own schemas, which a run without --pay skips.
      const { payAndRun } = await import("../run/run-pay-and-run.js");
      ({ started, payment } = await payAndRun({
        values: args,
        settings,
        signer: caller.signer,
        processId,
        taskId,
        amount,
        request: options,
        out,
      }));
    } else {
      const request = await buildExecuteRequest(options, caller);
      started = startedRun(await sendExecute(request, `starting ${processId}`, out), processId);
    }
    const answer = await finishStartedRun({
      started,
      gateway: options.gateway,
      gatewayFlag: args.gateway,
      async: args.async === true,
      payment,
      out,
    });
    if (answer === undefined) return;
    const logs = await runLogs({
      gateway: options.gateway,
      processId,
      transactionId: answer.transactionId,
      out,
    });
    showRunResult({ out, processId, answer, taskId, payment, logs });
  },
});
