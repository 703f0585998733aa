import type { AgentAnswerLimit, AgentReadFailure } from "./agent-answer-types.js";
import { AGENT_STREAM_MAX_EVENTS } from "./agent-stream.js";

function formatLimit(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/**
 * The answer went past one of the limit's caps: its bytes (declared or read), or a streamed
 * answer's events. The message and details name the cap (docs/gateway.md, "Agent answers").
 */
export function overCap(limit: AgentAnswerLimit, cap: "bytes" | "events"): AgentReadFailure {
  const over =
    cap === "bytes"
      ? {
          what: `answer is over ${formatLimit(limit.maxBytes)}`,
          details: { limitBytes: limit.maxBytes },
        }
      : {
          what: `stream has over ${AGENT_STREAM_MAX_EVENTS} events`,
          details: { limitEvents: AGENT_STREAM_MAX_EVENTS },
        };
  return {
    ok: false,
    reason: "too_large",
    error: {
      code: "agent_answer_too_large",
      message: `The agent's ${limit.route} ${over.what}, the gateway's limit for it`,
      details: { route: limit.route, ...over.details },
    },
  };
}

/**
 * The request or the body's read threw: past the deadline when `signal` (the deadline, or the
 * caller's cancel) aborted it, otherwise the agent could not be reached.
 */
export function unavailable(limit: AgentAnswerLimit, signal: AbortSignal): AgentReadFailure {
  const reason = signal.aborted ? "deadline" : "unreachable";
  const message =
    reason === "deadline"
      ? `The agent did not answer ${limit.route} within ${limit.deadlineMs} ms`
      : `The agent could not be reached for ${limit.route}`;
  return {
    ok: false,
    reason,
    error: {
      code: "agent_unavailable",
      message,
      details: {
        route: limit.route,
        ...(reason === "deadline" ? { deadlineMs: limit.deadlineMs } : {}),
      },
    },
  };
}
