import { defineCommand } from "citty";
import { processIdSchema } from "#shared/schemas/ids";
import { signArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { runInputArgs } from "../args/run-input-args.js";
import { createOutput } from "../output/output.js";
import { parseRunData } from "../run/run-options.js";
import { gatewayBaseUrl } from "../runtime/gateway-client.js";
import { keySigner } from "../runtime/key-signer.js";
import { settingsFromArgs } from "../runtime/settings.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  meta: { name: "send", description: "Send a message to a process over A2A; pays a paid one" },
  args: {
    ...runInputArgs,
    stream: {
      type: "boolean",
      description: "SendStreamingMessage: print the task's log and progress lines as they come",
    },
    async: {
      type: "boolean",
      description: "Return at once: print the task id and access token (watch -x follows it)",
    },
    ...gatewayArgs,
    ...signArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const data = parseRunData(args.data);
    const gateway = gatewayBaseUrl(args.gateway);
    const out = createOutput({ json: args.json === true });
    const signer = keySigner(settingsFromArgs(args));
    // Loaded only here: the A2A SDK stays out of every other command (cli/build.mjs).
    const { sendA2a } = await import("../a2a/send-a2a.js");
    const { showTask } = await import("../a2a/show-task.js");
    const async = args.async === true;
    const { task, receipt } = await sendA2a({
      gateway,
      processId,
      data,
      signer,
      values: args,
      async,
      stream: args.stream === true,
      out,
    });
    showTask({ task, receipt, processId, gateway, async, out });
  },
});
