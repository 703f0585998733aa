import { type RunEvent, runEventSchema } from "#shared/schemas/runs";
import { SseParser } from "../execute/agent-stream.js";
import type { RunEventsSource } from "../runs/watch-run.js";

/**
 * Every event of a run, from its first, as its run object streams them (docs/gateway.md,
 * "Watching a run"), until the `result` event: the stream is the gateway's own, so an event that
 * does not parse is skipped. Ends early when the object has no such run.
 */
export async function* runEvents(run: RunEventsSource): AsyncGenerator<RunEvent> {
  const response = await run.fetch(new Request("https://run-object/events"));
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const found: RunEvent[] = [];
  const parser = new SseParser((_name, data) => {
    const event = runEventSchema.safeParse(parseJson(data));
    if (event.success) found.push(event.data);
  });
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return;
      parser.push(decoder.decode(next.value, { stream: true }));
      for (const event of found.splice(0)) {
        yield event;
        if (event.type === "result") return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
