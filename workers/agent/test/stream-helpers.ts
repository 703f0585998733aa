import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { type AgentStreamEvent, agentStreamEventSchema } from "#shared/schemas/agent-events";
import echoWorker from "../examples/echo/src/index.js";
import type { AgentWorkerEnv } from "../src/agent-env.js";
import { signedExecuteRequest } from "./helpers.js";

/** Every event read from any stream in this file, in the order read: to compare two streams. */
let readSeq = 0;

export type ReadEvent = { seq: number; event: AgentStreamEvent };
export type ReadStream = {
  events: ReadEvent[];
  /** Comment lines (`: keep-alive`). */
  comments: number;
  bytes: number;
};

/** Parses one SSE frame; its `event` field must name the type of the JSON in `data`. */
function parseFrame(frame: string): AgentStreamEvent | "comment" {
  const lines = frame.split("\n");
  if (lines.every((line) => line.startsWith(":"))) return "comment";
  const field = (name: string) =>
    lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const event = agentStreamEventSchema.parse(JSON.parse(field("data") ?? "null"));
  if (field("event") !== event.type) throw new Error(`event field does not match: ${frame}`);
  return event;
}

/** Reads a whole event stream, calling `onEvent` as each event arrives. */
export async function readStream(
  response: Response,
  onEvent: (event: AgentStreamEvent) => void = () => {},
): Promise<ReadStream> {
  if (response.body === null) throw new Error("no body");
  const read: ReadStream = { events: [], comments: 0, bytes: 0 };
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body) {
    read.bytes += chunk.byteLength;
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const parsed = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (parsed === "comment") read.comments++;
      else {
        readSeq++;
        read.events.push({ seq: readSeq, event: parsed });
        onEvent(parsed);
      }
    }
  }
  if (buffer !== "") throw new Error(`stream ended mid-frame: ${buffer}`);
  return read;
}

export const types = (read: ReadStream) => read.events.map(({ event }) => event.type);

export function answerOf(read: ReadStream) {
  const last = read.events.at(-1)?.event;
  if (last?.type !== "answer") throw new Error(`no answer last: ${types(read).join(",")}`);
  return last.answer;
}

/**
 * Calls an agent Worker with `vars` and hands back its response as soon as it starts, so a stream
 * is read while the run goes on; `done` settles once the Worker's work (waitUntil) is over.
 */
export async function openAgent(
  worker: ExportedHandler<AgentWorkerEnv>,
  request: Request,
  vars: Record<string, unknown> = {},
): Promise<{ response: Response; done: Promise<void> }> {
  const ctx = createExecutionContext();
  const fetchHandler = worker.fetch;
  if (fetchHandler === undefined) throw new Error("no fetch handler");
  const response = await fetchHandler(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars },
    ctx,
  );
  return { response, done: waitOnExecutionContext(ctx) };
}

/** The echo agent of the test config, opened as openAgent does. */
export function openEcho(request: Request, vars: Record<string, unknown> = {}) {
  return openAgent(echoWorker, request, vars);
}

/** A signed /execute request asking for the stream; `signal` aborts it (the caller leaving). */
export async function streamRequest(body: unknown, signal?: AbortSignal): Promise<Request> {
  const signed = await signedExecuteRequest(body);
  const headers = new Headers(signed.headers);
  headers.set("accept", "text/event-stream");
  return new Request(signed.url, {
    method: "POST",
    headers,
    body: await signed.text(),
    ...(signal === undefined ? {} : { signal }),
  });
}
