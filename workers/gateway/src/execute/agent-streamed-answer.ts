import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import type { AgentAnswer, AgentAnswerLimit, AgentReadFailure } from "./agent-answer-types.js";
import { overCap, unavailable } from "./agent-read-failures.js";
import { readAgentStream } from "./agent-stream.js";
import { boundedChunks, OverCap } from "./bounded-body.js";

/**
 * An agent's `text/event-stream` answer, bounded like a JSON one (docs/gateway.md, "Agent
 * answers"): the whole stream counts toward the limit's cap and deadline, and `json` is its last
 * `answer`.
 */
export async function readStreamedAnswer(args: {
  body: ReadableStream<Uint8Array>;
  status: number;
  limit: AgentAnswerLimit;
  signal: AbortSignal;
  onEvent?: (event: AgentStreamEvent) => void | Promise<void>;
}): Promise<AgentAnswer | AgentReadFailure> {
  const { limit, signal } = args;
  try {
    const read = await readAgentStream({
      chunks: boundedChunks(args.body, limit.maxBytes, signal),
      ...(args.onEvent === undefined ? {} : { onEvent: args.onEvent }),
    });
    if (read.kind === "too_many_events") return overCap(limit, "events");
    return { ok: true, status: args.status, json: read.answer };
  } catch (error) {
    if (error instanceof OverCap) return overCap(limit, "bytes");
    return unavailable(limit, signal);
  }
}
