import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import type { AgentAnswer, AgentAnswerLimit, AgentReadFailure } from "./agent-answer-types.js";
import { readJsonAnswer } from "./agent-json-answer.js";
import { overCap, unavailable } from "./agent-read-failures.js";
import { readStreamedAnswer } from "./agent-streamed-answer.js";
import { type AgentTarget, agentUrl } from "./agent-target.js";

/**
 * How long a read that runs nothing (an agent's /info, /logs) may take, whole answer included;
 * AGENT_TIMEOUT_MS when that is shorter (docs/gateway.md, "Agent answers").
 */
export const AGENT_READ_DEADLINE_MS = 5_000;

/** `application/json` or a `+json` type, whatever its parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const EVENT_STREAM_MEDIA_TYPE = /^text\/event-stream\s*(;|$)/i;

/**
 * Calls an agent (or any URL a process owner chose) and reads its answer bounded: the one place
 * the gateway reads an agent's bytes (docs/gateway.md, "Agent answers"; issue 20: an /info of
 * 300 MB read whole took the gateway down). A declared Content-Length over the cap is refused
 * unread; otherwise the body is read chunk by chunk and cut once past the cap. The cap counts
 * the bytes as read, after the runtime undoes a Content-Encoding, so a gzip body that expands past
 * it is cut too. The deadline covers the request and the whole body. A body not labelled as JSON
 * is not read, except a `text/event-stream` one when the caller reads events (`events`): then
 * the whole stream counts toward the same cap and deadline, and `json` is its last `answer`.
 * `signal` stops the call early (a canceled run). Never throws.
 */
export async function fetchAgentAnswer(args: {
  target: AgentTarget;
  path: string;
  init: Omit<RequestInit, "signal">;
  limit: AgentAnswerLimit;
  events?: { onEvent?: (event: AgentStreamEvent) => void | Promise<void> };
  signal?: AbortSignal;
}): Promise<AgentAnswer | AgentReadFailure> {
  const { target, limit } = args;
  const url = agentUrl(target, args.path);
  const deadline = AbortSignal.timeout(limit.deadlineMs);
  const signal = args.signal === undefined ? deadline : AbortSignal.any([deadline, args.signal]);
  const init: RequestInit = { ...args.init, signal };
  let response: Response;
  try {
    response = await (target.fetcher === null ? fetch(url, init) : target.fetcher.fetch(url, init));
  } catch {
    return unavailable(limit, signal);
  }
  const { body, status } = response;
  // With a Content-Encoding the header counts the encoded bytes; the decoded ones are counted.
  const declared = response.headers.has("content-encoding")
    ? Number.NaN
    : Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit.maxBytes) {
    await body?.cancel().catch(() => undefined);
    return overCap(limit, "bytes");
  }
  const type = response.headers.get("content-type") ?? "";
  if (body !== null && args.events !== undefined && EVENT_STREAM_MEDIA_TYPE.test(type)) {
    return readStreamedAnswer({ body, status, limit, signal, ...args.events });
  }
  if (body === null || !JSON_MEDIA_TYPE.test(type)) {
    await body?.cancel().catch(() => undefined);
    return { ok: true, status, json: undefined };
  }
  return readJsonAnswer({ body, status, limit, signal });
}
