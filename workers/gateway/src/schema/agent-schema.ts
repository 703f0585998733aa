import { type AgentRequestSigner, signAgentRequest } from "#shared/auth/agent-signature";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { agentInfoResponseSchema } from "#shared/schemas/agent";
import type { JsonObject } from "#shared/schemas/common";
import { AGENT_READ_DEADLINE_MS, fetchAgentAnswer } from "../execute/agent-answer.js";
import { type AgentTarget, agentUrl } from "../execute/agent-target.js";
import { checkPlanOf, schemaRefusalError } from "./schema-budget.js";

/** A process's schemas as its agent publishes them in /info (docs/agent.md). */
export type ProcessSchema = { inputSchema: JsonObject; outputSchema?: JsonObject };

/**
 * How long one isolate reuses an agent's answer (docs/gateway.md, "Process schemas"): a schema
 * changes only with a deploy of the agent, and a run is checked by the agent's own schema anyway.
 */
export const SCHEMA_CACHE_MS = 60_000;
/** A published schema larger than this is not applied (nor stored in the isolate's memory). */
export const MAX_SCHEMA_BYTES = 64 * 1024;
/**
 * The most of an /info answer the gateway reads: the schemas' limit plus an envelope for the
 * rest of /info (the process summary, workflows, an agent's pretty-printing). docs/gateway.md,
 * "Agent answers".
 */
export const INFO_ANSWER_MAX_BYTES = MAX_SCHEMA_BYTES + 64 * 1024;
const MAX_ENTRIES = 500;

/** An answer or a failure, kept alike: a failing agent is not asked again until it expires. */
type Cached = { result: Result<ProcessSchema | null>; expiresAt: number };
const cache = new Map<string, Cached>();

/** The agent, the process and owner it is called for: what its answer depends on. */
export type SchemaSource = {
  target: AgentTarget;
  /** The process's service URL: part of the cache key, so a re-pointed process asks anew. */
  serviceUrl: string;
  processId: string;
  ownerAddress: string;
  signer: AgentRequestSigner;
  timeoutMs: number;
};

function cacheKey(source: SchemaSource): string {
  return `${source.processId}\n${source.serviceUrl}\n${source.ownerAddress}`;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * What the agent's /info says of its schemas: ok(null) when it publishes none (an answer that is
 * not an /info with `inputSchema`, such as an agent of another runtime's), agent_unavailable when
 * it cannot be asked (unreachable, timed out, 5xx), publishes a schema over MAX_SCHEMA_BYTES or
 * an input schema over the gateway's complexity budget (schema-budget.ts); agent_answer_too_large
 * when its /info is over INFO_ANSWER_MAX_BYTES (read no further).
 * The request is signed like every agent request (docs/agent.md, "Gateway signatures": a GET over
 * no body, for no transaction).
 */
async function fetchAgentSchema(source: SchemaSource): Promise<Result<ProcessSchema | null>> {
  const url = agentUrl(source.target, "/info");
  const headers = await signAgentRequest({
    signer: source.signer,
    processId: source.processId,
    ownerAddress: source.ownerAddress,
    method: "GET",
    url,
    transactionId: "",
    body: "",
  });
  const answer = await fetchAgentAnswer({
    target: source.target,
    path: "/info",
    init: { headers },
    limit: {
      route: "/info",
      maxBytes: INFO_ANSWER_MAX_BYTES,
      deadlineMs: Math.min(source.timeoutMs, AGENT_READ_DEADLINE_MS),
    },
  });
  if (!answer.ok) return fail(answer.error);
  if (answer.status >= 500) {
    return fail(
      appError(
        "agent_unavailable",
        `The process's agent answered HTTP ${answer.status} for its schema`,
      ),
    );
  }
  const info = agentInfoResponseSchema.safeParse(answer.json);
  if (answer.status !== 200 || !info.success || info.data.inputSchema === undefined)
    return ok(null);
  const schema: ProcessSchema = { inputSchema: info.data.inputSchema };
  if (info.data.outputSchema !== undefined) schema.outputSchema = info.data.outputSchema;
  if (utf8Length(JSON.stringify(schema)) > MAX_SCHEMA_BYTES) {
    return fail(
      appError(
        "agent_unavailable",
        `The process's agent publishes schemas over ${MAX_SCHEMA_BYTES} bytes`,
      ),
    );
  }
  // The complexity budget (schema-budget.ts): a refusal is this function's answer like any other.
  const plan = checkPlanOf(schema.inputSchema);
  if ("refusal" in plan) return fail(schemaRefusalError(plan));
  return ok(schema);
}

/**
 * The agent's schemas, reused by this isolate for SCHEMA_CACHE_MS, and so are its failures (a
 * negative cache): an agent that times out or answers too much costs one read a minute per
 * isolate, not one per request (issue 20: every MCP tools/list page asked again).
 */
export async function agentSchemaOf(source: SchemaSource): Promise<Result<ProcessSchema | null>> {
  const key = cacheKey(source);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit !== undefined && hit.expiresAt > now) return hit.result;
  const fetched = await fetchAgentSchema(source);
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(key, { result: fetched, expiresAt: Date.now() + SCHEMA_CACHE_MS });
  return fetched;
}
