import type { AgentAnswer, AgentAnswerLimit, AgentReadFailure } from "./agent-answer-types.js";
import { overCap, unavailable } from "./agent-read-failures.js";
import { readAtMost } from "./bounded-body.js";

/** The body as JSON, or undefined when it is not JSON in UTF-8. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** An agent's body labelled as JSON, read whole within the limit (docs/gateway.md, "Agent answers"). */
export async function readJsonAnswer(args: {
  body: ReadableStream<Uint8Array>;
  status: number;
  limit: AgentAnswerLimit;
  signal: AbortSignal;
}): Promise<AgentAnswer | AgentReadFailure> {
  const { limit, signal } = args;
  let bytes: Uint8Array | null;
  try {
    bytes = await readAtMost(args.body, limit.maxBytes, signal);
  } catch {
    return unavailable(limit, signal);
  }
  if (bytes === null) return overCap(limit, "bytes");
  return { ok: true, status: args.status, json: parseJson(bytes) };
}
