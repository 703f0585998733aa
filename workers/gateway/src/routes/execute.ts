import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorResponseSchema } from "#shared/schemas/error-response";
import {
  executeBodySchema,
  executeFailureResponseSchema,
  executeSuccessResponseSchema,
  processIdParamSchema,
} from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { claimsStub, outcomeQueueStub } from "../durable/stubs.js";
import { agentSignerOf, noAgentSignerAnswer } from "../execute/agent-signer.js";
import { parseAgentBindings, resolveAgentTarget } from "../execute/agent-target.js";
import { forwardToAgent } from "../execute/forward-to-agent.js";
import { type ExecuteDeps, runExecute } from "../execute/run-execute.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { sendDeclared } from "../http/respond.js";
import { loadGatewayContext } from "../ledger/context-cache.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import {
  callerHeadersSchema,
  errorAnswers,
  gatewayRouter,
  jsonAnswer,
  jsonBody,
} from "../openapi/route-parts.js";
import { operatorAccount } from "../outcome/operator-account.js";
import { executeDataRefusal } from "../schema/check-data.js";

const executeRoute = createRoute({
  method: "post",
  path: "/api/execute/{processId}",
  summary: "Execute a process",
  description:
    "Runs the process's agent once. A process that requires prepayment needs a usable payment of the caller (one payment pays for one attempt) and a caller proof, and runs only when this gateway's operator is among the process's agents (else 403 paid_runs_unavailable).",
  // The body's exact bytes are read first: the caller proof and idempotency hash them as sent.
  middleware: [rawBody] as const,
  request: {
    params: processIdParamSchema,
    headers: callerHeadersSchema,
    body: jsonBody(executeBodySchema),
  },
  responses: {
    200: jsonAnswer("The agent completed", executeSuccessResponseSchema),
    400: jsonAnswer(
      "The agent failed (ExecuteFailure), invalid input, inactive process or Payment required",
      z.union([executeFailureResponseSchema, errorResponseSchema]),
    ),
    ...errorAnswers(401, 403, 404, 409, 413, 415, 500, 502, 503, 504),
  },
});

export const executeRoutes = gatewayRouter().openapi(executeRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const body = c.req.valid("json");
  const idempotencyKey = idempotencyKeyOf(c.req.raw.headers);
  const config = gatewayConfig(c.env);
  const ledger = gatewayLedger(c.env);
  const operator = operatorAccount(config.operatorPrivateKey);
  const signer = agentSignerOf(operator);
  // Fails closed: no agent accepts an unsigned call, so none is attempted (nothing is claimed).
  if (signer === null) return sendDeclared(c, noAgentSignerAnswer({ processId }));
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
    dataRefusal: ({ target, serviceUrl, ownerAddress, data }) =>
      executeDataRefusal({
        source: {
          target,
          serviceUrl,
          processId,
          ownerAddress,
          signer,
          timeoutMs: config.agentTimeoutMs,
        },
        data,
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
  return sendDeclared(c, answer);
});
