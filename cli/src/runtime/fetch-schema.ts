import { processSchemaResponseSchema } from "#shared/schemas/gateway";
import { CliError } from "../errors/cli-error.js";
import { gatewayError, gatewayRequest, gatewayUrl } from "./gateway-client.js";

/** A process's input and output schemas, through the gateway's schema route. */
export async function fetchProcessSchema(args: { gateway: URL; processId: string }) {
  const path = `/api/process/${encodeURIComponent(args.processId)}/schema`;
  const response = await gatewayRequest({ url: gatewayUrl(args.gateway, path), method: "GET" });
  if (response.status !== 200) throw gatewayError(response, `schema of ${args.processId}`);
  const parsed = processSchemaResponseSchema.safeParse(response.body);
  if (!parsed.success)
    throw new CliError("unreachable", "the gateway's schema answer is not in the expected shape");
  return parsed.data;
}
