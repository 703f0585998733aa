/** The operator's queue of outcome reports, kept until each is committed (or refused for good). */
export const OUTCOME_SCHEMA = `
CREATE TABLE IF NOT EXISTS reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  process_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  payer TEXT NOT NULL,
  delivered INTEGER NOT NULL,
  result_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  UNIQUE (process_id, task_id, payer)
);
`;

export const SQL = {
  insert:
    "INSERT OR IGNORE INTO reports (process_id, task_id, payer, delivered, result_hash, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)",
  due: "SELECT id, process_id, task_id, payer, delivered, result_hash, attempts FROM reports WHERE next_attempt_at <= ? ORDER BY id",
  nextDue: "SELECT MIN(next_attempt_at) AS at FROM reports",
  remove: "DELETE FROM reports WHERE id = ?",
  retryLater:
    "UPDATE reports SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?",
  pending:
    "SELECT process_id, task_id, payer, delivered, attempts, last_error FROM reports ORDER BY id",
} as const;

export type DueReport = {
  id: number;
  process_id: string;
  task_id: string;
  payer: string;
  delivered: number;
  result_hash: string;
  attempts: number;
};
