import { type RunEvent, runEventSchema } from "#shared/schemas/runs";

/** One Server-Sent Event of a run's stream, its data parsed with the contract's schema. */
export type SeenEvent = { id: number; event: string; data: RunEvent };

export type StreamRead = {
  events: SeenEvent[];
  /** Comment lines (`: keep-alive`) seen between events. */
  comments: string[];
  /** The server closed the stream (after `result`), rather than the reader stopping it. */
  closed: boolean;
};

/**
 * Reads a run's event stream until it closes, `stopAfter` events were read, or `deadlineMs`
 * passed (then the read is cut, as a client that goes away would cut it). Every event must carry
 * an id, an event name equal to its data's type, and data the RunEvent schema accepts.
 */
export async function readRunEvents(
  response: Response,
  options: { stopAfter?: number; deadlineMs?: number } = {},
): Promise<StreamRead> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (reader === undefined) throw new Error("the event stream has no body");
  const read: StreamRead = { events: [], comments: [], closed: false };
  const deadline = Date.now() + (options.deadlineMs ?? 20_000);
  let buffer = "";
  try {
    while (read.events.length < (options.stopAfter ?? Number.POSITIVE_INFINITY)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((done) => setTimeout(() => done(null), left)),
      ]);
      if (chunk === null) break;
      if (chunk.done) {
        read.closed = true;
        break;
      }
      buffer += chunk.value;
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        parseBlock(buffer.slice(0, end), read);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    if (!read.closed) await reader.cancel().catch(() => undefined);
  }
  return read;
}

function parseBlock(block: string, read: StreamRead): void {
  const fields = new Map<string, string>();
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) {
      read.comments.push(line);
      continue;
    }
    const colon = line.indexOf(": ");
    if (colon === -1) throw new Error(`not an SSE field line: ${line}`);
    fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  if (fields.size === 0) return;
  const id = Number(fields.get("id"));
  const event = fields.get("event") ?? "";
  const data = runEventSchema.parse(JSON.parse(fields.get("data") ?? "null"));
  if (!Number.isInteger(id) || event !== data.type) {
    throw new Error(`a malformed event: ${block}`);
  }
  read.events.push({ id, event, data });
}
