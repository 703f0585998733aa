import type { RunEvent, RunProgress } from "#shared/schemas/runs";
import { RUN_MAX_EVENT_BYTES, RUN_MAX_EVENTS } from "./run-limits.js";
import {
  countDropped,
  eventCount,
  insertEvent,
  type RunRow,
  selectRun,
  setProgressUnsent,
} from "./run-sql.js";

const encoder = new TextEncoder();

/**
 * Appends one event to the run's log under its caps (docs/gateway.md, "The run object"): status
 * and result always go; past RUN_MAX_EVENTS events or RUN_MAX_EVENT_BYTES of data, a log or
 * partial event is dropped (counted) and a progress event is kept only as the run's progress
 * (closeLog sends the latest). True when the event was stored.
 */
export function appendEvent(sql: SqlStorage, event: RunEvent): boolean {
  const data = JSON.stringify(event);
  const bytes = encoder.encode(data).byteLength;
  if (event.type !== "status" && event.type !== "result") {
    const row = selectRun(sql);
    if (row === null) return false;
    if (overCap(sql, row, bytes)) {
      if (event.type === "progress") setProgressUnsent(sql, true);
      else countDropped(sql);
      return false;
    }
    if (event.type === "progress") setProgressUnsent(sql, false);
  }
  insertEvent(sql, { type: event.type, data, bytes });
  return true;
}

function overCap(sql: SqlStorage, row: RunRow, bytes: number): boolean {
  return eventCount(sql) >= RUN_MAX_EVENTS || row.event_bytes + bytes > RUN_MAX_EVENT_BYTES;
}

/**
 * Before a run's final status: one log line counting the events dropped past the caps, and the
 * latest progress if it has no event yet. Both go whatever the caps, like status and result.
 */
export function closeLog(sql: SqlStorage, progress: RunProgress | null): void {
  const row = selectRun(sql);
  if (row === null) return;
  if (row.dropped > 0) {
    const line = `${row.dropped} log and partial events were dropped past the run's caps (${RUN_MAX_EVENTS} events, ${RUN_MAX_EVENT_BYTES} bytes)`;
    const data = JSON.stringify({ type: "log", line } satisfies RunEvent);
    insertEvent(sql, { type: "log", data, bytes: encoder.encode(data).byteLength });
  }
  if (row.progress_unsent === 1 && progress !== null) {
    const data = JSON.stringify({ type: "progress", progress } satisfies RunEvent);
    insertEvent(sql, { type: "progress", data, bytes: encoder.encode(data).byteLength });
    setProgressUnsent(sql, false);
  }
}
