import type { RunLinks, RunStatusResponse } from "#shared/schemas/runs";
import { nowIso } from "../http/respond.js";
import type { RunRecord } from "./run-types.js";

/** Where a run is read, watched and canceled, on the origin clients reach the gateway at. */
export function runLinks(origin: string, transactionId: string): RunLinks {
  const run = `${origin}/api/runs/${encodeURIComponent(transactionId)}`;
  return { run, events: `${run}/events`, cancel: `${run}/cancel` };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** GET /api/runs/:transactionId's body, and the data of the final `result` event. */
export function runStatusBody(record: RunRecord): RunStatusResponse {
  return {
    success: true,
    transactionId: record.transactionId,
    processId: record.processId,
    status: record.status,
    taskId: record.taskId,
    progress: record.progress,
    ...(record.result === undefined ? {} : { result: record.result }),
    ...(record.error === undefined ? {} : { error: record.error }),
    ...(record.code === undefined ? {} : { code: record.code }),
    outcome: record.outcome,
    createdAt: new Date(record.createdAt).toISOString(),
    startedAt: iso(record.startedAt),
    endedAt: iso(record.endedAt),
    expiresAt: new Date(record.expiresAt).toISOString(),
    links: record.links,
    timestamp: nowIso(),
  };
}
