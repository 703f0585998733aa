import { processStatusSchema } from "#shared/schemas/process";
import type { ProcessStats } from "#shared/schemas/stats";
import type { IndexResult } from "./index-result.js";
import { type ProcessRow, selectProcess } from "./process-index-sql.js";
import { type Figures, NO_FIGURES, successRate } from "./stats-figures.js";
import { readFigures, readStatsVersion } from "./stats-sql.js";

/** A page of figures, and the last ledger version whose events they count. */
export type StatsPage = { stats: ProcessStats[]; nextCursor?: string; ledgerVersion: string };

export type OneProcessStats = { stats: ProcessStats; ledgerVersion: string };

/** A process's figures as the API answers them: counts, the rate, octas as decimal strings. */
function toProcessStats(args: {
  processId: string;
  row: ProcessRow | null;
  figures: Figures | undefined;
}): ProcessStats {
  const f = args.figures ?? NO_FIGURES;
  return {
    processId: args.processId,
    owner: args.row?.owner ?? null,
    // The stored status, which the list wrote from the spec's own status names.
    status: args.row === null ? null : processStatusSchema.parse(args.row.status),
    runs: f.runs,
    delivered: f.delivered,
    failed: f.failed,
    successRate: successRate(f),
    released: f.released.toString(),
    refunded: f.refunded.toString(),
    inEscrow: f.inEscrow.toString(),
  };
}

/** The figures of a page of the list, in its order (GET /api/stats). */
export function statsOfPage(args: {
  sql: SqlStorage;
  rows: ProcessRow[];
  nextCursor?: string | undefined;
}): StatsPage {
  const figures = readFigures(
    args.sql,
    args.rows.map((row) => row.id),
  );
  const stats = args.rows.map((row) =>
    toProcessStats({ processId: row.id, row, figures: figures.get(row.id) }),
  );
  const ledgerVersion = readStatsVersion(args.sql).toString();
  return args.nextCursor === undefined
    ? { stats, ledgerVersion }
    : { stats, nextCursor: args.nextCursor, ledgerVersion };
}

/**
 * One process's figures (GET /api/stats/:processId), also once it is deregistered: its payments
 * stay facts on the ledger. process_not_found when it is unknown and was never paid.
 */
export function statsOfProcess(args: {
  sql: SqlStorage;
  processId: string;
}): IndexResult<OneProcessStats> {
  const row = selectProcess(args.sql, args.processId);
  const figures = readFigures(args.sql, [args.processId]).get(args.processId);
  if (row === null && figures === undefined) return { ok: false, code: "process_not_found" };
  return {
    ok: true,
    value: {
      stats: toProcessStats({ processId: args.processId, row, figures }),
      ledgerVersion: readStatsVersion(args.sql).toString(),
    },
  };
}
