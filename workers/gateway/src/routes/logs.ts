import { createRoute } from "@hono/zod-openapi";
import { signAgentRequest } from "#shared/auth/agent-signature";
import { appError } from "#shared/errors/app-error";
import { agentLogsResponseSchema } from "#shared/schemas/agent";
import { logsParamsSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { agentSignerOf, noAgentSignerAnswer } from "../execute/agent-signer.js";
import {
  agentUrl,
  fetchAgentJson,
  parseAgentBindings,
  resolveAgentTarget,
} from "../execute/agent-target.js";
import { errorAnswer, sendDeclared } from "../http/respond.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { operatorAccount } from "../outcome/operator-account.js";

const logsRoute = createRoute({
  method: "get",
  path: "/api/logs/{processId}/{transactionId}",
  summary: "An execution's log lines, read from the process's agent",
  request: { params: logsParamsSchema },
  responses: {
    200: jsonAnswer("Logs", agentLogsResponseSchema),
    ...errorAnswers(400, 404, 500, 502, 503, 504),
  },
});

/**
 * An execution's logs, read from its agent: only the gateway may read them (they hold what the
 * input held), so the read is signed like an execute, for the process's owner, over no body.
 */
export const logsRoutes = gatewayRouter().openapi(logsRoute, async (c) => {
  const { processId, transactionId } = c.req.valid("param");
  const config = gatewayConfig(c.env);
  const signer = agentSignerOf(operatorAccount(config.operatorPrivateKey));
  if (signer === null) return sendDeclared(c, noAgentSignerAnswer({ processId }));
  const process = await cachedProcess({
    ledger: gatewayLedger(c.env),
    processId,
    ttlMs: config.processCacheMs,
  });
  if (process === null)
    return sendDeclared(c, errorAnswer(appError("process_not_found"), { processId }));
  const resolved = resolveAgentTarget({
    serviceUrl: process.serviceUrl,
    bindings: c.env as unknown as Record<string, unknown>,
    agentBindings: parseAgentBindings(c.env.AGENT_BINDINGS),
    allowHttp: config.allowHttpAgents,
  });
  if (!resolved.ok) {
    return sendDeclared(
      c,
      errorAnswer(appError("agent_unavailable", resolved.message), { processId }),
    );
  }
  const path = `/logs/${encodeURIComponent(transactionId)}`;
  const headers = await signAgentRequest({
    signer,
    processId,
    ownerAddress: process.owner,
    method: "GET",
    url: agentUrl(resolved.target, path),
    transactionId,
    body: "",
  });
  let response: { status: number; json: unknown };
  try {
    response = await fetchAgentJson(resolved.target, path, {
      headers,
      signal: AbortSignal.timeout(config.agentTimeoutMs),
    });
  } catch {
    return sendDeclared(
      c,
      errorAnswer(appError("agent_unavailable"), { processId, transactionId }),
    );
  }
  if (response.status === 404) {
    return sendDeclared(
      c,
      errorAnswer(appError("transaction_not_found"), { processId, transactionId }),
    );
  }
  const logs = agentLogsResponseSchema.safeParse(response.json);
  if (!logs.success) {
    return sendDeclared(
      c,
      errorAnswer(appError("agent_unavailable"), { processId, transactionId }),
    );
  }
  return c.json(logs.data, 200);
});
