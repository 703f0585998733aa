import type { AgentExecuteResponse } from "#shared/schemas/agent";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import type { EmitEvent } from "../authoring/run-events.js";
import type { LogLimits } from "../config/agent-config.js";
import { MAX_RESULT_BYTES } from "../execution/run-handler.js";

/** The gateway's cap on an /execute answer, streamed or not (docs/gateway.md, "Agent answers"). */
export const STREAM_CAP_BYTES = 2 * 1024 * 1024;
/** Room kept for `queued`, `started` and the closing count of dropped events, which always go. */
const ALWAYS_SENT_BYTES = 1024;
/** Beyond the result and the log lines: an error message (8 KiB), numbers and punctuation. */
const ANSWER_OVERHEAD_BYTES = 16 * 1024;
/** Per log line in the answer: its quotes, comma and a little escaping. */
const LINE_OVERHEAD_BYTES = 8;
const KEEP_ALIVE = ": keep-alive\n\n";

/**
 * What the events before the answer may take (docs/agent.md, "Streaming"): the cap less the
 * largest answer these log bounds allow, so the answer always fits after them.
 */
export function streamBudgetBytes(limits: Pick<LogLimits, "maxLines" | "maxLineBytes">): number {
  const answer =
    MAX_RESULT_BYTES +
    limits.maxLines * (limits.maxLineBytes + LINE_OVERHEAD_BYTES) +
    ANSWER_OVERHEAD_BYTES;
  return Math.max(0, STREAM_CAP_BYTES - answer - ALWAYS_SENT_BYTES);
}

/** One Server-Sent Event: `event` is the type, `data` the whole event's JSON (one line). */
export function sseFrame(event: AgentStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * A streamed /execute answer (docs/agent.md, "Streaming"): events are queued without waiting for
 * the reader, within `budgetBytes` (log, progress and partial events past it are dropped and
 * counted, and keep-alive comments stop); `queued`, `started`, the count and the answer always go.
 * `signal` aborts when the reader cancels: the caller left.
 */
export function createEventStream(args: { budgetBytes: number; heartbeatMs: number }) {
  const encoder = new TextEncoder();
  const left = new AbortController();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let open = true;
  let used = 0;
  let dropped = 0;

  const enqueue = (bytes: Uint8Array) => {
    if (open) controller?.enqueue(bytes);
  };
  /** Writes within the budget; false when it would not fit. */
  const spend = (text: string): boolean => {
    const bytes = encoder.encode(text);
    if (used + bytes.length > args.budgetBytes) return false;
    used += bytes.length;
    enqueue(bytes);
    return true;
  };
  const heartbeat = setInterval(() => spend(KEEP_ALIVE), args.heartbeatMs);
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    controller?.close();
  };

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      open = false;
      clearInterval(heartbeat);
      left.abort();
    },
  });

  const send: EmitEvent = (event) => {
    if (event.type === "queued" || event.type === "started")
      enqueue(encoder.encode(sseFrame(event)));
    else if (!spend(sseFrame(event))) dropped++;
  };

  return {
    body,
    signal: left.signal,
    send,
    /** The last event, then the end; `droppedElsewhere`: events dropped before they reached here. */
    end(answer: AgentExecuteResponse, droppedElsewhere = 0): void {
      const total = dropped + droppedElsewhere;
      if (total > 0) {
        const line = `${new Date().toISOString()} WARN ${total} stream events dropped (the stream's budget, or more partials than a run may send); the answer holds the run's log lines`;
        enqueue(encoder.encode(sseFrame({ type: "log", line })));
      }
      enqueue(encoder.encode(sseFrame({ type: "answer", answer })));
      close();
    },
    /** Ends without an answer: the caller left, or the agent's storage failed mid-run. */
    close,
  };
}
