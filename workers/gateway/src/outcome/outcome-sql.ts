/**
 * One process's queue of outcome reports, kept until each is committed; a report the ledger
 * refuses for good stays, marked refused with its reason, for the operator to read.
 */
export const OUTCOME_SCHEMA = `
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

export const SQL = {
  reserve:
    "INSERT OR IGNORE INTO outcome_reports (process_id, task_id, payer, state, delivered, result_hash, next_attempt_at) VALUES (?, ?, ?, 'reserved', 0, '', ?)",
  complete: `INSERT INTO outcome_reports (process_id, task_id, payer, state, delivered, result_hash, next_attempt_at)
    VALUES (?, ?, ?, 'queued', ?, ?, ?)
    ON CONFLICT (task_id, payer) DO UPDATE SET state = 'queued', delivered = excluded.delivered,
      result_hash = excluded.result_hash, next_attempt_at = excluded.next_attempt_at
    WHERE outcome_reports.state = 'reserved'`,
  due: "SELECT process_id, task_id, payer, state, delivered, result_hash, attempts FROM outcome_reports WHERE state IN ('reserved', 'queued') AND next_attempt_at <= ? ORDER BY next_attempt_at, rowid LIMIT ?",
  nextDue:
    "SELECT MIN(next_attempt_at) AS at FROM outcome_reports WHERE state IN ('reserved', 'queued')",
  remove: "DELETE FROM outcome_reports WHERE task_id = ? AND payer = ?",
  retryLater:
    "UPDATE outcome_reports SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE task_id = ? AND payer = ?",
  refuse:
    "UPDATE outcome_reports SET state = 'refused', attempts = attempts + 1, last_error = ? WHERE task_id = ? AND payer = ?",
  list: "SELECT task_id, payer, state, delivered, attempts, next_attempt_at, last_error FROM outcome_reports ORDER BY rowid LIMIT ?",
} as const;

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
