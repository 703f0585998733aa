import { type RunProgress, runEventSchema } from "#shared/schemas/runs";
import { SseParser } from "../execute/agent-stream.js";

/**
 * The `progress` events of a run's event stream (its run object's `fetch`, docs/gateway.md,
 * "Watching a run"), in order, until its `result` event, its end, or `signal`. Other events and
 * anything that does not parse are skipped: the stream is the gateway's own, and progress is
 * only a courtesy to the client (docs/mcp.md, "Progress").
 */
export async function* runProgressEvents(args: {
  body: ReadableStream<Uint8Array>;
  signal: AbortSignal;
}): AsyncGenerator<RunProgress> {
  const reader = args.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  args.signal.addEventListener("abort", stop, { once: true });
  const decoder = new TextDecoder();
  const found: RunProgress[] = [];
  let ended = false;
  const parser = new SseParser((name, data) => {
    if (name === "result") ended = true;
    if (name !== "progress") return;
    const event = runEventSchema.safeParse(parseJson(data));
    if (event.success && event.data.type === "progress") found.push(event.data.progress);
  });
  try {
    while (!ended && !args.signal.aborted) {
      const next = await reader.read();
      if (next.done) break;
      parser.push(decoder.decode(next.value, { stream: true }));
      yield* found.splice(0);
    }
  } finally {
    args.signal.removeEventListener("abort", stop);
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
