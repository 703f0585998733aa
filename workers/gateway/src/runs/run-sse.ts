import { RUN_KEEP_ALIVE_MS } from "./run-limits.js";
import type { EventRow } from "./run-sql.js";

const encoder = new TextEncoder();
/** Events written per read of the log, so a long backlog is not loaded at once. */
const PAGE = 100;
const LAST_EVENT_ID = /^\d{1,15}$/;

/** The sequence number a reconnecting client saw last (`Last-Event-ID`), or 0 for none or junk. */
export function lastEventIdOf(headers: Headers): number {
  const value = (headers.get("last-event-id") ?? "").trim();
  return LAST_EVENT_ID.test(value) ? Number(value) : 0;
}

/** One stored event as SSE: `id`, `event`, `data` (one line: JSON escapes newlines). */
export function sseEvent(row: EventRow): string {
  return `id: ${row.seq}\nevent: ${row.type}\ndata: ${row.data}\n\n`;
}

/**
 * GET /api/runs/:transactionId/events as the run object streams it (docs/gateway.md, "The run
 * object"): every event after `after`, in order, then each new one as it is stored, a
 * `: keep-alive` comment after RUN_KEEP_ALIVE_MS of silence; closes after `result`, or when the
 * run is gone (`next` gives null). The client going away ends the loop at its next write.
 */
export function eventStream(args: {
  after: number;
  next(after: number, limit: number): EventRow[] | null;
  /** Resolves true when an event may have been stored, false after `ms` without one. */
  waitChange(ms: number): Promise<boolean>;
  keepAliveMs?: number;
}): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const keepAliveMs = args.keepAliveMs ?? RUN_KEEP_ALIVE_MS;
  const pump = async () => {
    let after = args.after;
    for (;;) {
      const rows = args.next(after, PAGE);
      if (rows === null) break;
      // A page goes as one chunk: each chunk is a write through this stream, the object's
      // answer and the route's, and the `result` waits behind none of the events before it
      // (docs/benchmarks.md, "Runs as durable tasks").
      const end = rows.findIndex((row) => row.type === "result");
      const page = end === -1 ? rows : rows.slice(0, end + 1);
      if (page.length > 0) await writer.write(encoder.encode(page.map(sseEvent).join("")));
      if (end !== -1) {
        await writer.close();
        return;
      }
      after = page.at(-1)?.seq ?? after;
      if (rows.length === 0 && !(await args.waitChange(keepAliveMs))) {
        await writer.write(encoder.encode(": keep-alive\n\n"));
      }
    }
    await writer.close();
  };
  pump().catch(() => writer.abort().catch(() => undefined));
  return readable;
}

/** An event stream as the answer of a run's events (the route's and the object's fetch). */
export function eventStreamResponse(events: ReadableStream<Uint8Array>): Response {
  return new Response(events, {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      // Proxies that buffer would hold back the keep-alives and the events.
      "x-accel-buffering": "no",
    },
  });
}
