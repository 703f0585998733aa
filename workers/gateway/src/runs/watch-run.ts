import { eventStreamResponse } from "./run-sse.js";
import type { RunRecord, RunWatch } from "./run-types.js";

/** The run object's events as a response (RunObject.fetch): an MCP tool call's progress. */
export type RunEventsSource = { fetch(request: Request): Promise<Response> };

/** The run object's side of GET /api/runs/:transactionId/events (RunObject.watch). */
export type RunWatchSource = { watch(after: number): Promise<RunWatch | null> };

/**
 * The events route's one call to the run object (docs/gateway.md, "Watching a run"): `read`
 * gives the access check the run's record and opens its event stream in the same call, rather
 * than a call for the record and a second for the stream (docs/benchmarks.md, "Runs as durable
 * tasks"). The object is handed nothing but the position to resume after: never the caller's
 * Authorization or proof headers. A refused request's stream is canceled unread.
 */
export function runWatcher(args: { run: RunWatchSource; after: number }) {
  let opened: RunWatch | null = null;
  return {
    read: async (): Promise<RunRecord | null> => {
      opened = await args.run.watch(args.after);
      return opened?.record ?? null;
    },
    /** The granted stream; null when `read` found no run. */
    response: (): Response | null => (opened === null ? null : eventStreamResponse(opened.events)),
    refused: async (): Promise<void> => {
      await opened?.events.cancel();
    },
  };
}
