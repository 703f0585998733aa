import type { AppError } from "#shared/errors/app-error";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { AGENT_STREAM_MAX_EVENTS, readAgentStream } from "./agent-stream.js";
import { type AgentTarget, agentUrl } from "./agent-target.js";

/**
 * How long a read that runs nothing (an agent's /info, /logs) may take, whole answer included;
 * AGENT_TIMEOUT_MS when that is shorter (docs/gateway.md, "Agent answers").
 */
export const AGENT_READ_DEADLINE_MS = 5_000;

/** What the gateway reads of one agent route: at most `maxBytes`, all within `deadlineMs`. */
export type AgentAnswerLimit = {
  /** The route as messages name it: `/info`, `/execute`, `/logs`. */
  route: string;
  /** Bytes of the body as read, after any Content-Encoding is undone. */
  maxBytes: number;
  /** From the request's start to the body's last byte: a slow drip is cut like no answer. */
  deadlineMs: number;
};

/**
 * An agent's answer: its status, and its body as JSON, or undefined when the body is not JSON or
 * not labelled as JSON (then it is not read at all).
 */
export type AgentAnswer = { ok: true; status: number; json: unknown };

/**
 * Why no answer could be read: `unreachable` (the request or the body's stream failed),
 * `deadline` (no whole answer within the limit's deadline), `too_large` (Content-Length or the
 * bytes read went past the limit's cap). `error` is what a route answers (502, naming the limit).
 */
export type AgentReadFailure = {
  ok: false;
  reason: "unreachable" | "deadline" | "too_large";
  error: AppError & { message: string };
};

/** `application/json` or a `+json` type, whatever its parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const EVENT_STREAM_MEDIA_TYPE = /^text\/event-stream\s*(;|$)/i;

function formatLimit(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

function tooLarge(limit: AgentAnswerLimit): AgentReadFailure {
  return {
    ok: false,
    reason: "too_large",
    error: {
      code: "agent_answer_too_large",
      message: `The agent's ${limit.route} answer is over ${formatLimit(limit.maxBytes)}, the gateway's limit for it`,
      details: { route: limit.route, limitBytes: limit.maxBytes },
    },
  };
}

function tooManyEvents(limit: AgentAnswerLimit): AgentReadFailure {
  return {
    ok: false,
    reason: "too_large",
    error: {
      code: "agent_answer_too_large",
      message: `The agent's ${limit.route} stream has over ${AGENT_STREAM_MAX_EVENTS} events, the gateway's limit for it`,
      details: { route: limit.route, limitEvents: AGENT_STREAM_MAX_EVENTS },
    },
  };
}

function failure(limit: AgentAnswerLimit, reason: "unreachable" | "deadline"): AgentReadFailure {
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

/** A promise that rejects when `signal` aborts, for racing a stream read against it. */
function abortOf(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  return aborted;
}

/** Thrown by boundedChunks once the bytes read go past the cap. */
class OverCap extends Error {}

/** Every chunk of `body`, throwing OverCap past `maxBytes`, or the abort reason once `signal` aborts. */
async function* boundedChunks(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const aborted = abortOf(signal);
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), aborted]);
      if (next.done) return;
      total += next.value.byteLength;
      if (total > maxBytes) throw new OverCap();
      yield next.value;
    }
  } finally {
    // Stops an endless or dripping body at its source; a no-op once it has ended.
    reader.cancel().catch(() => undefined);
  }
}

/** The whole body as one array, or null past `maxBytes`; throws when `signal` aborts. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of boundedChunks(body, maxBytes, signal)) chunks.push(chunk);
  } catch (error) {
    if (error instanceof OverCap) return null;
    throw error;
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return undefined;
  }
}

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
    return failure(limit, signal.aborted ? "deadline" : "unreachable");
  }
  const body = response.body;
  // With a Content-Encoding the header counts the encoded bytes; the decoded ones are counted.
  const declared = response.headers.has("content-encoding")
    ? Number.NaN
    : Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit.maxBytes) {
    await body?.cancel().catch(() => undefined);
    return tooLarge(limit);
  }
  const type = response.headers.get("content-type") ?? "";
  if (body !== null && args.events !== undefined && EVENT_STREAM_MEDIA_TYPE.test(type)) {
    return readEventStream({ body, status: response.status, limit, signal, ...args.events });
  }
  if (body === null || !JSON_MEDIA_TYPE.test(type)) {
    await body?.cancel().catch(() => undefined);
    return { ok: true, status: response.status, json: undefined };
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readAtMost(body, limit.maxBytes, signal);
  } catch {
    return failure(limit, signal.aborted ? "deadline" : "unreachable");
  }
  if (bytes === null) return tooLarge(limit);
  return { ok: true, status: response.status, json: parseJson(bytes) };
}

/** An agent's streamed answer, bounded like a JSON one (docs/gateway.md, "Agent answers"). */
async function readEventStream(args: {
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
    if (read.kind === "too_many_events") return tooManyEvents(limit);
    return { ok: true, status: args.status, json: read.answer };
  } catch (error) {
    if (error instanceof OverCap) return tooLarge(limit);
    return failure(limit, signal.aborted ? "deadline" : "unreachable");
  }
}
