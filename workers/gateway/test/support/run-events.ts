import { env } from "cloudflare:test";
import type { RunEvent } from "#shared/schemas/runs";
import { runStub } from "../../src/runs/run-stub.js";

/** One event of a run's SSE stream as a test reads it. */
export type ReadEvent = { id: number; type: string; data: RunEvent };

/**
 * Reads a run's `text/event-stream` answer to its end (the stream closes after `result`), or
 * until `until` says stop; parses `id`, `event` and `data` lines and keeps comments apart.
 */
export async function readRunEvents(
  response: Response,
  until?: (events: ReadEvent[]) => boolean,
): Promise<{ events: ReadEvent[]; comments: string[]; closed: boolean }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: ReadEvent[] = [];
  const comments: string[] = [];
  let buffer = "";
  for (;;) {
    const next = await reader.read();
    if (next.done) return { events, comments, closed: true };
    buffer += decoder.decode(next.value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (block.startsWith(":")) {
        comments.push(block);
        continue;
      }
      const fields = Object.fromEntries(
        block
          .split("\n")
          .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
      );
      events.push({
        id: Number(fields.id),
        type: String(fields.event),
        data: JSON.parse(String(fields.data)),
      });
    }
    if (until?.(events) === true) {
      await reader.cancel();
      return { events, comments, closed: false };
    }
  }
}

/**
 * Reads a run's events straight from its run object until `seen` holds of them: each a state
 * for `status` events, else the event's type.
 */
export async function watchRunUntil(transactionId: string, seen: (types: string[]) => boolean) {
  const response = await runStub(env, transactionId).fetch("https://run/events");
  return readRunEvents(response, (events) =>
    seen(events.map((e) => (e.data.type === "status" ? e.data.status : e.data.type))),
  );
}
