import { createRoute } from "@hono/zod-openapi";
import { signAgentRequest } from "#shared/auth/agent-signature";
import { appError } from "#shared/errors/app-error";
import { agentLogsResponseSchema } from "#shared/schemas/agent";
import { logsParamsSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { AGENT_READ_DEADLINE_MS, fetchAgentAnswer } from "../execute/agent-answer.js";
import { agentSignerOf, noAgentSignerAnswer } from "../execute/agent-signer.js";
import { agentUrl, parseAgentBindings, resolveAgentTarget } from "../execute/agent-target.js";
import { errorJson } from "../http/declared-answer.js";
import { errorAnswer } from "../http/respond.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { operatorAccount } from "../outcome/operator-account.js";

/**
 * The most of a /logs answer the gateway reads (docs/gateway.md, "Agent answers"): the agent
 * runtime keeps at most 200 lines of 2 KiB per run, with room for JSON escaping.
 */
export const LOGS_ANSWER_MAX_BYTES = 1024 * 1024;

const LOGS_ERRORS = [400, 404, 500, 502, 503, 504] as const;

const logsRoute = createRoute({
  method: "get",
  path: "/api/logs/{processId}/{transactionId}",
  summary: "An execution's log lines, read from the process's agent",
  request: { params: logsParamsSchema },
  responses: {
    200: jsonAnswer("Logs", agentLogsResponseSchema),
    ...errorAnswers(...LOGS_ERRORS),
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
  if (signer === null) return errorJson(c, noAgentSignerAnswer({ processId }), LOGS_ERRORS);
  const process = await cachedProcess({
    ledger: gatewayLedger(c.env),
    processId,
    ttlMs: config.processCacheMs,
  });
  if (process === null) {
    return errorJson(c, errorAnswer(appError("process_not_found"), { processId }), LOGS_ERRORS);
  }
  const resolved = resolveAgentTarget({
    serviceUrl: process.serviceUrl,
    bindings: c.env as unknown as Record<string, unknown>,
    agentBindings: parseAgentBindings(c.env.AGENT_BINDINGS),
    allowHttp: config.allowHttpAgents,
  });
  if (!resolved.ok) {
    const error = appError("agent_unavailable", resolved.message);
    return errorJson(c, errorAnswer(error, { processId }), LOGS_ERRORS);
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
  const response = await fetchAgentAnswer({
    target: resolved.target,
    path,
    init: { headers },
    limit: {
      route: "/logs",
      maxBytes: LOGS_ANSWER_MAX_BYTES,
      deadlineMs: Math.min(config.agentTimeoutMs, AGENT_READ_DEADLINE_MS),
    },
  });
  if (!response.ok) {
    return errorJson(c, errorAnswer(response.error, { processId, transactionId }), LOGS_ERRORS);
  }
  if (response.status === 404) {
    const error = appError("transaction_not_found");
    return errorJson(c, errorAnswer(error, { processId, transactionId }), LOGS_ERRORS);
  }
  const logs = agentLogsResponseSchema.safeParse(response.json);
  if (!logs.success) {
    const error = appError("agent_unavailable");
    return errorJson(c, errorAnswer(error, { processId, transactionId }), LOGS_ERRORS);
  }
  return c.json(logs.data, 200);
});
