import { Hono } from "hono";
import { executeBodySchema, processIdParamSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { claimsStub, outcomeQueueStub } from "../durable/stubs.js";
import { agentSignerOf, noAgentSignerAnswer } from "../execute/agent-signer.js";
import { parseAgentBindings, resolveAgentTarget } from "../execute/agent-target.js";
import { forwardToAgent } from "../execute/forward-to-agent.js";
import { type ExecuteDeps, runExecute } from "../execute/run-execute.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { send } from "../http/respond.js";
import { validate } from "../http/validate.js";
import { loadGatewayContext } from "../ledger/context-cache.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount } from "../outcome/operator-account.js";

export const executeRoutes = new Hono<GatewayApp>().post(
  "/api/execute/:processId",
  validate("param", processIdParamSchema),
  rawBody,
  validate("json", executeBodySchema),
  async (c) => {
    const { processId } = c.req.valid("param");
    const body = c.req.valid("json");
    const idempotencyKey = idempotencyKeyOf(c.req.raw.headers);
    const config = gatewayConfig(c.env);
    const ledger = gatewayLedger(c.env);
    const operator = operatorAccount(config.operatorPrivateKey);
    const signer = agentSignerOf(operator);
    // Fails closed: no agent accepts an unsigned call, so none is attempted (nothing is claimed).
    if (signer === null) return send(c, noAgentSignerAnswer({ processId }));
    const url = new URL(c.req.url);
    const queue = () => outcomeQueueStub(c.env, processId);
    const deps: ExecuteDeps = {
      loadContext: ({ fresh }) =>
        loadGatewayContext({
          ledger,
          processId,
          payer: body.userAddress,
          ttlMs: config.processCacheMs,
          fresh,
        }),
      claims: () => claimsStub(c.env, processId, body.userAddress),
      resolveTarget: (serviceUrl) =>
        resolveAgentTarget({
          serviceUrl,
          bindings: c.env as unknown as Record<string, unknown>,
          agentBindings: parseAgentBindings(c.env.AGENT_BINDINGS),
          allowHttp: config.allowHttpAgents,
        }),
      forward: (target, request, ownerAddress) =>
        forwardToAgent({
          target,
          request,
          signer,
          ownerAddress,
          timeoutMs: config.agentTimeoutMs,
        }),
      operator: {
        address: operator === null ? null : operator.accountAddress.toStringLong(),
        owners: config.operatorOwners,
      },
      publicOrigin: config.publicOrigin,
      reports: {
        reserve: (args) => queue().reserve({ processId, ...args }),
        complete: (report) => queue().complete(report),
      },
      timeoutMs: config.agentTimeoutMs,
    };
    const answer = await runExecute({
      request: {
        processId,
        body,
        rawBody: c.get("rawBody"),
        headers: c.req.raw.headers,
        path: `${url.pathname}${url.search}`,
        idempotencyKey,
      },
      deps,
    });
    return send(c, answer);
  },
);
