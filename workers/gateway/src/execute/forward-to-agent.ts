import { type AgentRequestSigner, signAgentRequest } from "#shared/auth/agent-signature";
import { type AgentRequest, agentExecuteResponseSchema } from "#shared/schemas/agent";
import { AGENT_EVENT_STREAM_MEDIA_TYPE, type AgentStreamEvent } from "#shared/schemas/agent-events";
import type { JsonObject } from "#shared/schemas/common";
import { fetchAgentAnswer } from "./agent-answer.js";
import { type AgentTarget, agentUrl } from "./agent-target.js";

/** The agent did not accept the gateway's request: nothing ran. */
const REFUSALS = new Set([401, 403]);

/**
 * The most of an /execute answer the gateway reads (docs/gateway.md, "Agent answers"): the agent
 * runtime's largest result (1 MiB) and log lines (200 of 2 KiB), with room for JSON escaping.
 */
export const EXECUTE_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

export type AgentOutcome =
  | { kind: "completed"; result: JsonObject }
  | { kind: "failed"; error: string }
  /**
   * No usable answer (unreachable, 5xx, not an agent's answer body): nothing is known about the
   * run.
   */
  | { kind: "unexpected"; detail: string };

/** What the run object adds to an agent call: its events, its cancel, the time left. */
export type AgentCallOptions = {
  onEvent?: (event: AgentStreamEvent) => void | Promise<void>;
  signal?: AbortSignal;
  /** The time left of the run's limit, when shorter than AGENT_TIMEOUT_MS (a restarted run). */
  timeoutMs?: number;
};

/**
 * POSTs the AgentRequest to the agent's /execute (docs/gateway.md, "Agent calls"), signed with
 * the gateway's key for the process and the owner it is run for (docs/agent.md, "Gateway
 * signatures"), and reads the agent's answer (docs/agent.md, "Answers"). A time-out is a failed
 * run (docs/gateway.md, "Execute"); an agent that refuses the gateway (401, 403) ran nothing and
 * gave no answer about the run. It asks for a stream (`Accept: text/event-stream`, not signed):
 * a streaming agent's events go to `onEvent` and its last `answer` event is read like the JSON
 * body of an agent that does not stream (docs/gateway.md, "Agent answers"). `signal` stops the
 * call (a canceled run).
 */
export async function forwardToAgent(args: {
  target: AgentTarget;
  request: AgentRequest;
  signer: AgentRequestSigner;
  /** The process's owner on the ledger: the agent refuses a request for another. */
  ownerAddress: string;
  timeoutMs: number;
  onEvent?: AgentCallOptions["onEvent"];
  signal?: AbortSignal;
}): Promise<AgentOutcome> {
  const body = JSON.stringify(args.request);
  const headers = {
    "content-type": "application/json",
    accept: AGENT_EVENT_STREAM_MEDIA_TYPE,
    ...(await signAgentRequest({
      signer: args.signer,
      processId: args.request.processId,
      ownerAddress: args.ownerAddress,
      method: "POST",
      url: agentUrl(args.target, "/execute"),
      transactionId: args.request.transactionId,
      body,
    })),
  };
  const response = await fetchAgentAnswer({
    target: args.target,
    path: "/execute",
    init: { method: "POST", headers, body },
    limit: { route: "/execute", maxBytes: EXECUTE_ANSWER_MAX_BYTES, deadlineMs: args.timeoutMs },
    events: args.onEvent === undefined ? {} : { onEvent: args.onEvent },
    ...(args.signal === undefined ? {} : { signal: args.signal }),
  });
  if (!response.ok) {
    // A run cut by the deadline or the cap is a failed run (the payer may refund); an agent that
    // could not be reached said nothing about it.
    if (response.reason === "deadline") {
      return { kind: "failed", error: `Agent did not answer within ${args.timeoutMs} ms` };
    }
    if (response.reason === "too_large") {
      return { kind: "failed", error: response.error.message };
    }
    return { kind: "unexpected", detail: response.error.message };
  }
  if (REFUSALS.has(response.status)) {
    return {
      kind: "unexpected",
      detail: `the agent refused the gateway's request (HTTP ${response.status})`,
    };
  }
  const parsed = agentExecuteResponseSchema.safeParse(response.json);
  if (!parsed.success || response.status >= 500) {
    return {
      kind: "unexpected",
      detail: `agent answered HTTP ${response.status} without an agent's answer body`,
    };
  }
  return parsed.data.success
    ? { kind: "completed", result: parsed.data.result }
    : { kind: "failed", error: parsed.data.error };
}
