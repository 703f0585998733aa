import { type AgentStreamEvent, agentStreamEventSchema } from "#shared/schemas/agent-events";

/**
 * The most events the gateway reads of one streamed /execute answer (docs/gateway.md, "Agent
 * answers"): a stream with more is cut like one over the byte cap.
 */
export const AGENT_STREAM_MAX_EVENTS = 10_000;

/** What a streamed answer ended in: the last `answer` event's answer (undefined: none). */
export type StreamRead = { kind: "ended"; answer: unknown } | { kind: "too_many_events" };

/**
 * One SSE event of the agent (`event:` and `data:` lines), as an AgentStreamEvent, or null when
 * it is not one: a malformed event is ignored, never fatal (docs/agent.md, "Streaming").
 */
export function parseAgentEvent(name: string, data: string): AgentStreamEvent | null {
  let fields: unknown;
  try {
    fields = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  const parsed = agentStreamEventSchema.safeParse({ ...fields, type: name });
  return parsed.success ? parsed.data : null;
}

/**
 * A Server-Sent Events parser over decoded text (WHATWG HTML, "Parsing an event stream"): lines
 * end in CRLF, LF or CR; `event` names the event (default `message`), `data` lines join with
 * LF, comments and other fields are skipped; a blank line dispatches. Line length is bounded by
 * the caller's byte cap on the whole stream.
 */
export class SseParser {
  private buffer = "";
  private name = "";
  private data: string[] = [];

  constructor(private readonly dispatch: (name: string, data: string) => void) {}

  push(text: string): void {
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\n|\r(?!$)/);
    this.buffer = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === "") {
      if (this.data.length > 0) this.dispatch(this.name || "message", this.data.join("\n"));
      this.name = "";
      this.data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? "" : line.slice(colon + 1);
    const value = raw.startsWith(" ") ? raw.slice(1) : raw;
    if (field === "event") this.name = value;
    else if (field === "data") this.data.push(value);
  }
}

/**
 * Reads an agent's `text/event-stream` answer to its end (the caller bounds bytes and time by
 * the chunks it hands over): each AgentStreamEvent goes to `onEvent` in order, awaited, so a
 * slow consumer slows the read rather than queueing without bound; the last `answer` decides
 * the outcome exactly like a JSON body.
 */
export async function readAgentStream(args: {
  chunks: AsyncIterable<Uint8Array>;
  onEvent?: (event: AgentStreamEvent) => void | Promise<void>;
  maxEvents?: number;
}): Promise<StreamRead> {
  const maxEvents = args.maxEvents ?? AGENT_STREAM_MAX_EVENTS;
  const decoder = new TextDecoder();
  const pending: AgentStreamEvent[] = [];
  let count = 0;
  let answer: unknown;
  const parser = new SseParser((name, data) => {
    count += 1;
    const event = parseAgentEvent(name, data);
    if (event !== null) pending.push(event);
  });
  const drain = async () => {
    for (const event of pending.splice(0)) {
      if (event.type === "answer") answer = event.answer;
      await args.onEvent?.(event);
    }
  };
  for await (const chunk of args.chunks) {
    parser.push(decoder.decode(chunk, { stream: true }));
    if (count > maxEvents) return { kind: "too_many_events" };
    await drain();
  }
  // A last event the agent did not end with a blank line is not dispatched (the SSE rule).
  parser.push(decoder.decode());
  await drain();
  return { kind: "ended", answer };
}
