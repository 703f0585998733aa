import type { OutcomeReportsResponse } from "#shared/schemas/gateway";
import type { ProcessStats, StatsListResponse } from "#shared/schemas/stats";
import { callApi } from "./api.js";
import { type Guard, isRecord } from "./guards.js";

/**
 * The gateway's figures and outcome reports as the console reads them (docs/gateway.md, "Success
 * rates and earnings" and "Outcome reports").
 */

const isStats: Guard<ProcessStats> = (value): value is ProcessStats =>
  isRecord(value) &&
  typeof value.processId === "string" &&
  typeof value.runs === "number" &&
  typeof value.delivered === "number" &&
  typeof value.failed === "number" &&
  (value.successRate === null || typeof value.successRate === "number") &&
  [value.released, value.refunded, value.inEscrow].every(
    (amount) => typeof amount === "string" && /^\d+$/.test(amount),
  );

const isStatsList: Guard<StatsListResponse> = (value): value is StatsListResponse =>
  isRecord(value) && Array.isArray(value.stats) && value.stats.every(isStats);

const isReports: Guard<OutcomeReportsResponse> = (value): value is OutcomeReportsResponse =>
  isRecord(value) &&
  Array.isArray(value.reports) &&
  value.reports.every(
    (report) =>
      isRecord(report) && typeof report.taskId === "string" && typeof report.state === "string",
  );

/** The figures of the processes `filter` matches (the list's own filters), by process id. */
export async function statsById(filter: { status?: string; owner?: string }) {
  const query = new URLSearchParams(filter).toString();
  const list = await callApi({ path: `/api/stats?${query}`, guard: isStatsList });
  return list.ok
    ? { ok: true as const, value: new Map(list.value.stats.map((s) => [s.processId, s])) }
    : list;
}

export const getReports = (processId: string) =>
  callApi({ path: `/api/reports/${encodeURIComponent(processId)}`, guard: isReports });
