import { Hono } from "hono";
import type { z } from "zod";
import { appError } from "#shared/errors/app-error";
import { formatZodIssue } from "#shared/errors/validation";
import { agentLogsParamsSchema } from "#shared/schemas/agent";
import { A2A_VERSION_HEADER, cardAnswerFor } from "#shared/schemas/agent-card-legacy";
import type { AgentWorkerEnv } from "../agent-env.js";
import type { AgentJsonSchemas } from "../authoring/agent-json-schemas.js";
import type { AgentDefinition } from "../authoring/define-agent.js";
import { type AgentConfig, AgentConfigError } from "../config/agent-config.js";
import type { AgentDurableObject } from "../durable/agent-durable-object.js";
import { admitTransaction } from "../execution/admit-transaction.js";
import { executeTransaction } from "../execution/execute-transaction.js";
import { currentVersionId, versionStartedAt } from "../runtime/uptime.js";
import { agentCard } from "./agent-card.js";
import { checkGatewayRequest, notConfigured } from "./check-gateway.js";
import { errorResponse } from "./error-response.js";
import { readExecuteRequest } from "./read-execute-request.js";
import { healthBody, infoBody } from "./status-bodies.js";
import { streamExecute, wantsEventStream } from "./stream-execute.js";

const LEFT_BEFORE_START = "The caller left before the run started; it did not run";

type AgentApp = {
  Bindings: AgentWorkerEnv;
  Variables: {
    config: AgentConfig;
    store: DurableObjectStub<AgentDurableObject>;
    startedAt: number;
    versionId: string;
  };
};

/**
 * The agent service for one agent (docs/agent.md, "Answers"): /health, /info, /execute,
 * /logs/:transactionId, and its agent card at /.well-known/agent-card.json.
 */
export function createAgentApp<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  /** The definition's schemas as JSON Schema (authoring/agent-json-schemas.ts). */
  schemas: AgentJsonSchemas;
  configFor: (env: AgentWorkerEnv) => AgentConfig;
}) {
  const { agent, schemas, configFor } = args;
  const app = new Hono<AgentApp>();

  app.use("*", async (c, next) => {
    const config = configFor(c.env);
    const store = c.env.AGENT_DO.getByName(config.process.id);
    const versionId = currentVersionId({
      metadata: c.env.CF_VERSION_METADATA,
      configured: config.version,
    });
    c.set("config", config);
    c.set("store", store);
    c.set("versionId", versionId);
    c.set("startedAt", await versionStartedAt({ store, processId: config.process.id, versionId }));
    await next();
  });

  // Fails closed: with no gateway to serve, nothing but /health answers (docs/agent.md).
  app.use("*", async (c, next) => {
    const unconfigured = c.req.path === "/health" ? null : notConfigured(c.var.config);
    if (unconfigured !== null) return errorResponse(c, unconfigured);
    await next();
  });

  const status = (c: { var: AgentApp["Variables"] }) => ({
    config: c.var.config,
    startedAt: c.var.startedAt,
    now: Date.now(),
  });
  app.get("/health", (c) => c.json(healthBody(status(c))));
  app.get("/info", (c) => c.json(infoBody({ ...status(c), schemas })));

  // Public discovery data, unsigned like /info (docs/agent.md, "Agent card"); like every route
  // but /health it answers only once the agent has a gateway to serve.
  app.get("/.well-known/agent-card.json", (c) => {
    const card = agentCard({
      config: c.var.config,
      description: agent.description ?? c.var.config.process.name,
      schemas,
      version: c.var.versionId,
    });
    c.header("Vary", A2A_VERSION_HEADER);
    const requestedVersion = c.req.header(A2A_VERSION_HEADER) ?? null;
    return c.json(cardAnswerFor({ card, v1: card, requestedVersion }));
  });

  app.post("/execute", async (c) => {
    const { config, store } = c.var;
    // The failure body of /execute carries these two, whatever the failure (docs/agent.md,
    // "Answers").
    const noRun = { executionTime: 0, logs: [] };
    const request = await readExecuteRequest({ request: c.req.raw, config });
    if (!request.ok) return errorResponse(c, request.error, noRun);
    const run = { agent, config, request: request.value, store };
    // Refusals are JSON answers, streamed or not (docs/agent.md, "Streaming").
    const admitted = await admitTransaction(run);
    if (!admitted.ok) return errorResponse(c, admitted.error, noRun);
    const admission = admitted.value;
    const callerSignal = c.req.raw.signal;
    const keepAlive = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
    if (wantsEventStream(c.req.header("accept"))) {
      return streamExecute({ ...run, admission, callerSignal, keepAlive });
    }
    if (admission.kind === "replay") return c.json(admission.answer.body, admission.answer.status);
    // Like a stream's, the run outlives a caller that leaves once it started (its outcome is
    // stored for a retry).
    const running = executeTransaction({
      ...run,
      run: admission.run,
      emit: () => {},
      signal: callerSignal,
      keepAlive,
    });
    keepAlive(running);
    const ended = await running;
    // Nobody reads it: the caller left before the run started, and the run never will.
    if (ended === null) return errorResponse(c, appError("conflict", LEFT_BEFORE_START), noRun);
    return c.json(ended.answer.body, ended.answer.status);
  });

  app.get("/logs/:transactionId", async (c) => {
    const { config } = c.var;
    const params = agentLogsParamsSchema.safeParse(c.req.param());
    if (!params.success) {
      return errorResponse(
        c,
        appError("validation_failed", formatZodIssue(params.error.issues, "param")),
      );
    }
    const { transactionId } = params.data;
    // Logs may hold what the input held: only the gateway reads them (a GET, signed over no body).
    const allowed = await checkGatewayRequest({
      request: c.req.raw,
      config,
      transactionId,
      body: "",
    });
    if (!allowed.ok) return errorResponse(c, allowed.error);
    if (!config.recordTransactions) {
      return errorResponse(
        c,
        appError("transaction_not_found", "This agent does not record transactions"),
      );
    }
    const stored = await c.var.store.transactionLogs({ transactionId });
    if (stored === null) return errorResponse(c, appError("transaction_not_found"));
    return c.json({
      success: true as const,
      transactionId,
      logs: stored.logs,
      timestamp: new Date().toISOString(),
    });
  });

  app.notFound((c) => errorResponse(c, appError("route_not_found")));

  app.onError((thrown, c) => {
    if (thrown instanceof AgentConfigError) {
      // A configuration it cannot serve safely with: refuse, saying what to fix.
      console.error(thrown.message);
      return errorResponse(c, appError("configuration_error", thrown.message));
    }
    console.error(
      "agent: unexpected error:",
      thrown instanceof Error ? thrown.message : "non-Error",
    );
    return errorResponse(c, appError("internal_error"));
  });

  return app;
}
