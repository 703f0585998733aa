import type { RunProgress } from "#shared/schemas/runs";
import { readRunEvents } from "../runs/run-event-reader.js";

/**
 * The `progress` events of a run's event stream, in order, until its `result` event, its end, or
 * `signal`: progress is only a courtesy to the client (docs/mcp.md, "Progress").
 */
export async function* runProgressEvents(args: {
  body: ReadableStream<Uint8Array>;
  signal: AbortSignal;
}): AsyncGenerator<RunProgress> {
  for await (const event of readRunEvents(args)) {
    if (event.type === "progress") yield event.progress;
  }
}
