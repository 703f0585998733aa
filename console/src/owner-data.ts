import type { OutcomeReportsResponse } from "#shared/schemas/gateway";
import type { Process } from "#shared/schemas/process";
import type { ProcessStats } from "#shared/schemas/stats";
import { type ApiResult, listOwnedProcesses } from "./api.js";
import { getReports, statsById } from "./stats-api.js";

type Report = OutcomeReportsResponse["reports"][number];

/** One of the owner's processes with its figures and its outcome reports not yet on the ledger. */
export type OwnedProcess = {
  process: Process;
  stats: ProcessStats | undefined;
  /** Waiting (reserved or queued) and refused reports, or the API's message when unreadable. */
  reports: ApiResult<{ waiting: Report[]; refused: Report[] }>;
};

function byState(reports: Report[]): { waiting: Report[]; refused: Report[] } {
  return {
    waiting: reports.filter((report) => report.state !== "refused"),
    refused: reports.filter((report) => report.state === "refused"),
  };
}

/**
 * The Owner page's data (docs/console.md, "Owner"): the processes `owner` registered, their
 * figures, and each one's outcome reports, read in parallel.
 */
export async function loadOwnedProcesses(owner: string): Promise<ApiResult<OwnedProcess[]>> {
  const [list, stats] = await Promise.all([listOwnedProcesses(owner), statsById({ owner })]);
  if (!list.ok) return list;
  if (!stats.ok) return stats;
  const owned = await Promise.all(
    list.value.processes.map(async (process) => {
      const read = await getReports(process.id);
      return {
        process,
        stats: stats.value.get(process.id),
        reports: read.ok ? { ok: true as const, value: byState(read.value.reports) } : read,
      };
    }),
  );
  return { ok: true, value: owned };
}
