import { defineCommand } from "citty";
import { transactionIdSchema } from "#shared/schemas/agent";
import { processIdSchema } from "#shared/schemas/ids";
import { outputArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { formatKeyValues } from "../output/format.js";
import { createOutput } from "../output/output.js";
import { fetchLogs } from "../runtime/fetch-logs.js";
import { gatewayBaseUrl } from "../runtime/gateway-client.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    transaction: {
      type: "string",
      alias: "x",
      required: true,
      valueHint: "id",
      description: "Transaction id that run printed",
    },
    ...gatewayArgs,
    ...outputArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const transactionId = parseOption(
      "transaction",
      transactionIdSchema,
      requireValue("transaction", args.transaction),
    );
    const gateway = gatewayBaseUrl(args.gateway);
    const out = createOutput({ json: args.json === true });
    const logs = await fetchLogs({ gateway, processId, transactionId });
    out.result({ success: true, processId, transactionId, logs: logs.logs }, () =>
      formatKeyValues([
        ["process", processId],
        ["transaction", transactionId],
        ["logs", logs.logs.length ? logs.logs.join("\n") : "(none)"],
      ]),
    );
  },
});
