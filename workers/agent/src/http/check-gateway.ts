import {
  AGENT_KEY_HEADER,
  AGENT_OWNER_HEADER,
  AGENT_PROCESS_HEADER,
  AGENT_SIGNATURE_HEADER,
  AGENT_TIMESTAMP_HEADER,
  verifyAgentRequest,
} from "#shared/auth/agent-signature";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { AgentConfig } from "../config/agent-config.js";

const SIGNATURE_HEADERS = [
  AGENT_KEY_HEADER,
  AGENT_PROCESS_HEADER,
  AGENT_OWNER_HEADER,
  AGENT_TIMESTAMP_HEADER,
  AGENT_SIGNATURE_HEADER,
];

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
const LOOPBACK_IPS = new Set(["127.0.0.1", "::1"]);

/**
 * A call made on this machine: the URL's host is a loopback name or address and, when a proxy
 * says who connected (CF-Connecting-IP), that is a loopback address too. On Cloudflare the URL's
 * host is the route's or workers.dev's and CF-Connecting-IP the real client, so this is never true
 * there; it is for `wrangler dev` of one agent, called with curl (docs/agent.md).
 */
export function isLoopbackRequest(request: Request): boolean {
  const connectingIp = request.headers.get("cf-connecting-ip");
  return (
    LOOPBACK_HOSTS.has(new URL(request.url).hostname) &&
    (connectingIp === null || LOOPBACK_IPS.has(connectingIp.trim()))
  );
}

/** The 503 every route but /health answers while the agent has no gateway to serve. */
export function notConfigured(config: AgentConfig): AppError | null {
  const { problem } = config.gateway;
  return problem === null ? null : appError("configuration_error", problem);
}

/**
 * Whether this request may be served: signed by one of the agent's gateway keys for its process
 * and owner (docs/agent.md, "Gateway signatures"), or, with AGENT_ALLOW_UNSIGNED_LOOPBACK, an
 * unsigned call from loopback. `transactionId` is the one the route serves (the body's for
 * /execute, the path's for /logs), so a signature for another transaction does not fit.
 */
export async function checkGatewayRequest(args: {
  request: Request;
  config: AgentConfig;
  transactionId: string;
  body: string | Uint8Array;
}): Promise<Result<null>> {
  const { request, config } = args;
  const unconfigured = notConfigured(config);
  if (unconfigured !== null) return fail(unconfigured);
  const { keys, ownerAddress, allowUnsignedLoopback } = config.gateway;
  const signed = SIGNATURE_HEADERS.some((name) => request.headers.has(name));
  if (!signed && allowUnsignedLoopback && isLoopbackRequest(request)) return ok(null);
  if (keys.length === 0 || ownerAddress === null) {
    return fail(
      appError(
        "unauthorized",
        "This agent has no gateway key and takes unsigned calls from loopback only",
        { reason: "not_loopback" },
      ),
    );
  }
  const check = await verifyAgentRequest({
    gatewayKeys: keys,
    processId: config.process.id,
    ownerAddress,
    method: request.method,
    url: request.url,
    headers: request.headers,
    transactionId: args.transactionId,
    body: args.body,
  });
  if (check.ok) return ok(null);
  return fail(
    appError(check.status === 403 ? "forbidden" : "unauthorized", check.message, {
      reason: check.reason,
    }),
  );
}
