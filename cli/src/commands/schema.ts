import { defineCommand } from "citty";
import { processIdSchema } from "#shared/schemas/ids";
import { outputArgs } from "../args/common-args.js";
import { gatewayArgs } from "../args/gateway-args.js";
import { createOutput } from "../output/output.js";
import { schemaView } from "../output/schema-view.js";
import { fetchProcessSchema } from "../runtime/fetch-schema.js";
import { gatewayBaseUrl } from "../runtime/gateway-client.js";
import { parseOption, requireValue } from "../validate/options.js";

export default defineCommand({
  args: {
    id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
    ...gatewayArgs,
    ...outputArgs,
  },
  async run({ args }) {
    const processId = parseOption("id", processIdSchema, requireValue("id", args.id));
    const gateway = gatewayBaseUrl(args.gateway);
    const out = createOutput({ json: args.json === true });
    const schema = await fetchProcessSchema({ gateway, processId });
    out.result(schema, () => schemaView(schema));
  },
});
