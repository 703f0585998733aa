import type { RunEvent } from "#shared/schemas/runs";
import { readRunEvents } from "../runs/run-event-reader.js";
import type { RunEventsSource } from "../runs/watch-run.js";

/**
 * Every event of a run, from its first, until the `result` event (runs/run-event-reader.ts).
 * Ends at once when the object has no such run.
 */
export async function* runEvents(run: RunEventsSource): AsyncGenerator<RunEvent> {
  const response = await run.fetch(new Request("https://run-object/events"));
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    return;
  }
  yield* readRunEvents({ body: response.body });
}
