/**
 * One process's queue of outcome reports, kept until each is committed; a report the ledger
 * refuses for good stays, marked refused with its reason, for the operator to read. Every SQL
 * statement of the outcome reporter, a function each; times are milliseconds since the epoch.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS outcome_reports (
  process_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  payer TEXT NOT NULL,
  -- 'reserved' while its run is under way: unless the run ends first, a FAILED report is sent at
  -- next_attempt_at (a gateway that died mid-run still lets the payer refund);
  -- 'queued' once the run ended; 'refused' when the ledger refused it for good.
  state TEXT NOT NULL,
  delivered INTEGER NOT NULL,
  result_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  PRIMARY KEY (task_id, payer)
);
CREATE INDEX IF NOT EXISTS outcome_reports_due ON outcome_reports (state, next_attempt_at);
`;

export function createSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/**
 * A run's reservation, or a new due time for one still reserved (the run claim committed, so
 * the run's window starts now); nothing changes when its report is already there.
 */
export function insertReservation(
  sql: SqlStorage,
  args: { processId: string; taskId: string; payer: string; failAtMs: number },
): void {
  sql.exec(
    `INSERT INTO outcome_reports (process_id, task_id, payer, state, delivered, result_hash, next_attempt_at)
    VALUES (?, ?, ?, 'reserved', 0, '', ?)
    ON CONFLICT (task_id, payer) DO UPDATE SET next_attempt_at = excluded.next_attempt_at
    WHERE outcome_reports.state = 'reserved'`,
    args.processId,
    args.taskId,
    args.payer,
    args.failAtMs,
  );
}

/** Queues the run's outcome, over its reservation; a report already queued or refused stays. */
export function queueReport(
  sql: SqlStorage,
  args: {
    processId: string;
    taskId: string;
    payer: string;
    delivered: boolean;
    resultHash: string;
    dueAt: number;
  },
): void {
  sql.exec(
    `INSERT INTO outcome_reports (process_id, task_id, payer, state, delivered, result_hash, next_attempt_at)
    VALUES (?, ?, ?, 'queued', ?, ?, ?)
    ON CONFLICT (task_id, payer) DO UPDATE SET state = 'queued', delivered = excluded.delivered,
      result_hash = excluded.result_hash, next_attempt_at = excluded.next_attempt_at
    WHERE outcome_reports.state = 'reserved'`,
    args.processId,
    args.taskId,
    args.payer,
    args.delivered ? 1 : 0,
    args.resultHash,
    args.dueAt,
  );
}

/** Reports to send now, oldest due first. */
export function selectDue(sql: SqlStorage, nowMs: number, limit: number): DueReport[] {
  return sql
    .exec<DueReport>(
      "SELECT process_id, task_id, payer, state, delivered, result_hash, attempts FROM outcome_reports WHERE state IN ('reserved', 'queued') AND next_attempt_at <= ? ORDER BY next_attempt_at, rowid LIMIT ?",
      nowMs,
      limit,
    )
    .toArray();
}

/** When the next report is due; null when none waits. */
export function nextDueAt(sql: SqlStorage): number | null {
  return sql
    .exec<{ at: number | null }>(
      "SELECT MIN(next_attempt_at) AS at FROM outcome_reports WHERE state IN ('reserved', 'queued')",
    )
    .one().at;
}

/** Drops a run's reservation, only while it is one (a queued or refused report stays). */
export function deleteReservation(sql: SqlStorage, taskId: string, payer: string): void {
  sql.exec(
    "DELETE FROM outcome_reports WHERE task_id = ? AND payer = ? AND state = 'reserved'",
    taskId,
    payer,
  );
}

export function deleteReport(sql: SqlStorage, taskId: string, payer: string): void {
  sql.exec("DELETE FROM outcome_reports WHERE task_id = ? AND payer = ?", taskId, payer);
}

export function retryReportLater(
  sql: SqlStorage,
  args: { taskId: string; payer: string; nextAttemptAt: number; error: string },
): void {
  sql.exec(
    "UPDATE outcome_reports SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE task_id = ? AND payer = ?",
    args.nextAttemptAt,
    args.error,
    args.taskId,
    args.payer,
  );
}

export function markReportRefused(
  sql: SqlStorage,
  args: { taskId: string; payer: string; error: string },
): void {
  sql.exec(
    "UPDATE outcome_reports SET state = 'refused', attempts = attempts + 1, last_error = ? WHERE task_id = ? AND payer = ?",
    args.error,
    args.taskId,
    args.payer,
  );
}

/** Every kept report in insertion order, at most `limit`. */
export function selectReports(sql: SqlStorage, limit: number): ListedReport[] {
  return sql
    .exec<ListedReport>(
      "SELECT task_id, payer, state, delivered, attempts, next_attempt_at, last_error FROM outcome_reports ORDER BY rowid LIMIT ?",
      limit,
    )
    .toArray();
}

export type DueReport = {
  process_id: string;
  task_id: string;
  payer: string;
  state: "reserved" | "queued";
  delivered: number;
  result_hash: string;
  attempts: number;
};

export type ListedReport = {
  task_id: string;
  payer: string;
  state: "reserved" | "queued" | "refused";
  delivered: number;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
};
