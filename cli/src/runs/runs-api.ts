/** The gateway's runs API (docs/gateway.md, "Runs"): read a run, cancel it, read a 202 start. */
import {
  type RunAcceptedResponse,
  type RunStatusResponse,
  runAcceptedResponseSchema,
  runStatusResponseSchema,
} from "#shared/schemas/runs";
import { CliError } from "../errors/cli-error.js";
import {
  type GatewayResponse,
  gatewayError,
  gatewayRequest,
  gatewayUrl,
} from "../runtime/gateway-client.js";
import { credentialHeaders, type RunCredentials } from "./run-credentials.js";

export function runUrl(gateway: URL, transactionId: string, suffix: "" | "/events" | "/cancel") {
  return gatewayUrl(gateway, `/api/runs/${encodeURIComponent(transactionId)}${suffix}`);
}

function runStatus(response: GatewayResponse, transactionId: string): RunStatusResponse {
  if (response.status !== 200) throw gatewayError(response, `run ${transactionId}`);
  const parsed = runStatusResponseSchema.safeParse(response.body);
  if (!parsed.success) {
    throw new CliError("unreachable", `run ${transactionId}: the gateway's answer is not a run`);
  }
  return parsed.data;
}

async function runRequest(args: {
  gateway: URL;
  transactionId: string;
  credentials: RunCredentials;
  method: "GET" | "POST";
  suffix: "" | "/cancel";
}): Promise<RunStatusResponse> {
  const url = runUrl(args.gateway, args.transactionId, args.suffix);
  const response = await gatewayRequest({
    url,
    method: args.method,
    headers: await credentialHeaders(args.credentials, args.method, url),
  });
  return runStatus(response, args.transactionId);
}

/** GET /api/runs/:transactionId. */
export function getRun(args: { gateway: URL; transactionId: string; credentials: RunCredentials }) {
  return runRequest({ ...args, method: "GET", suffix: "" });
}

/** POST /api/runs/:transactionId/cancel: the run as after the cancel, or the gateway's refusal. */
export function cancelRun(args: {
  gateway: URL;
  transactionId: string;
  credentials: RunCredentials;
}) {
  return runRequest({ ...args, method: "POST", suffix: "/cancel" });
}

/** The 202 of an execute with `Prefer: respond-async`; undefined for any other answer. */
export function acceptedRun(response: GatewayResponse): RunAcceptedResponse | undefined {
  if (response.status !== 202) return undefined;
  const parsed = runAcceptedResponseSchema.safeParse(response.body);
  if (!parsed.success) {
    throw new CliError("unreachable", "the gateway accepted the run but its answer is not a run");
  }
  return parsed.data;
}
