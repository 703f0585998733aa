import { signAgentRequest } from "../../../../shared/src/auth/agent-signature.js";
import {
  type AgentRequest,
  agentExecuteResponseSchema,
} from "../../../../shared/src/schemas/agent.js";
import type { JsonObject } from "../../../../shared/src/schemas/common.js";
import { type AgentTarget, fetchAgentJson } from "./agent-target.js";

export type AgentOutcome =
  | { kind: "completed"; result: JsonObject }
  | { kind: "failed"; error: string }
  /** No usable answer (unreachable, 5xx, not SPEC's body): nothing is known about the run. */
  | { kind: "unexpected"; detail: string };

/**
 * POSTs SPEC's AgentRequest to the agent's /execute, signed with the shared secret when one is
 * configured, and reads SPEC's answer. A time-out is a failed run, as SPEC's failure body says.
 */
export async function forwardToAgent(args: {
  target: AgentTarget;
  request: AgentRequest;
  secret: string | null;
  timeoutMs: number;
}): Promise<AgentOutcome> {
  const body = JSON.stringify(args.request);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (args.secret !== null) {
    Object.assign(
      headers,
      await signAgentRequest({
        secret: args.secret,
        timestamp: Math.floor(Date.now() / 1000),
        transactionId: args.request.transactionId,
        body,
      }),
    );
  }
  let response: { status: number; json: unknown };
  try {
    response = await fetchAgentJson(args.target, "/execute", {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.timeout(args.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      return { kind: "failed", error: `Agent did not answer within ${args.timeoutMs} ms` };
    }
    return { kind: "unexpected", detail: error instanceof Error ? error.message : String(error) };
  }
  const parsed = agentExecuteResponseSchema.safeParse(response.json);
  if (!parsed.success || response.status >= 500) {
    return {
      kind: "unexpected",
      detail: `agent answered HTTP ${response.status} without SPEC's body`,
    };
  }
  return parsed.data.success
    ? { kind: "completed", result: parsed.data.result }
    : { kind: "failed", error: parsed.data.error };
}
