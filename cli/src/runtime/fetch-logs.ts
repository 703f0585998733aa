import { agentLogsResponseSchema } from "#shared/schemas/agent";
import { CliError } from "../errors/cli-error.js";
import { gatewayError, gatewayRequest, gatewayUrl } from "./gateway-client.js";

/** An execution's log lines, through the gateway's logs route. */
export async function fetchLogs(args: { gateway: URL; processId: string; transactionId: string }) {
  const path = `/api/logs/${encodeURIComponent(args.processId)}/${encodeURIComponent(args.transactionId)}`;
  const response = await gatewayRequest({ url: gatewayUrl(args.gateway, path), method: "GET" });
  if (response.status !== 200) throw gatewayError(response, `logs of ${args.transactionId}`);
  const parsed = agentLogsResponseSchema.safeParse(response.body);
  if (!parsed.success)
    throw new CliError("unreachable", "the gateway's logs answer is not in the expected shape");
  return parsed.data;
}
