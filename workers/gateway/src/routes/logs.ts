import { Hono } from "hono";
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
import type { GatewayApp } from "../http/gateway-app-types.js";
import { errorAnswer, send } from "../http/respond.js";
import { validate } from "../http/validate.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { operatorAccount } from "../outcome/operator-account.js";

/**
 * An execution's logs, read from its agent: only the gateway may read them (they hold what the
 * input held), so the read is signed like an execute, for the process's owner, over no body.
 */
export const logsRoutes = new Hono<GatewayApp>().get(
  "/api/logs/:processId/:transactionId",
  validate("param", logsParamsSchema),
  async (c) => {
    const { processId, transactionId } = c.req.valid("param");
    const config = gatewayConfig(c.env);
    const signer = agentSignerOf(operatorAccount(config.operatorPrivateKey));
    if (signer === null) return send(c, noAgentSignerAnswer({ processId }));
    const process = await cachedProcess({
      ledger: gatewayLedger(c.env),
      processId,
      ttlMs: config.processCacheMs,
    });
    if (process === null) return send(c, errorAnswer(appError("process_not_found"), { processId }));
    const resolved = resolveAgentTarget({
      serviceUrl: process.serviceUrl,
      bindings: c.env as unknown as Record<string, unknown>,
      agentBindings: parseAgentBindings(c.env.AGENT_BINDINGS),
      allowHttp: config.allowHttpAgents,
    });
    if (!resolved.ok) {
      return send(c, errorAnswer(appError("agent_unavailable", resolved.message), { processId }));
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
      return send(c, errorAnswer(appError("agent_unavailable"), { processId, transactionId }));
    }
    if (response.status === 404) {
      return send(c, errorAnswer(appError("transaction_not_found"), { processId, transactionId }));
    }
    const logs = agentLogsResponseSchema.safeParse(response.json);
    if (!logs.success) {
      return send(c, errorAnswer(appError("agent_unavailable"), { processId, transactionId }));
    }
    return c.json(logs.data);
  },
);
