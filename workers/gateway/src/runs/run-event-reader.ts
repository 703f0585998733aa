import { type RunEvent, runEventSchema } from "#shared/schemas/runs";
import { SseParser } from "../execute/agent-stream.js";

/**
 * A run's events as its run object streams them (docs/gateway.md, "Watching a run"), in order,
 * until the `result` event, the stream's end, or `signal`. The stream is the gateway's own, its
 * events capped by the object (run-limits.ts), so an event that does not parse is skipped. Used by
 * the transports that follow a run inside their own answer (MCP's progress, A2A's task stream).
 */
export async function* readRunEvents(args: {
  body: ReadableStream<Uint8Array>;
  signal?: AbortSignal;
}): AsyncGenerator<RunEvent> {
  const reader = args.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  args.signal?.addEventListener("abort", stop, { once: true });
  const decoder = new TextDecoder();
  const found: RunEvent[] = [];
  // The `result` event ends the stream by its name, parsed or not: nothing follows it.
  let ended = false;
  const parser = new SseParser((name, data) => {
    if (name === "result") ended = true;
    const event = runEventSchema.safeParse(parseJson(data));
    if (event.success) found.push(event.data);
  });
  try {
    while (args.signal?.aborted !== true) {
      const next = await reader.read();
      if (next.done) return;
      parser.push(decoder.decode(next.value, { stream: true }));
      for (const event of found.splice(0)) {
        yield event;
        if (event.type === "result") return;
      }
      if (ended) return;
    }
  } finally {
    args.signal?.removeEventListener("abort", stop);
    stop();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
