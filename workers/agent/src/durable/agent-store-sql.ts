/**
 * Every SQL statement of the agent's Durable Object, on its SQLite storage. Times are
 * milliseconds since the epoch; results are JSON text. A transaction is written once, when its
 * run ends, so an execution costs at most one storage write.
 */

export type TransactionRow = {
  transaction_id: string;
  request_hash: string;
  status: string;
  result: string | null;
  error: string | null;
  execution_time_ms: number;
  created_at: number;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS agent_transactions (
  transaction_id TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('completed', 'failed')),
  result TEXT,
  error TEXT,
  execution_time_ms REAL NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_transactions_by_age ON agent_transactions (created_at);
CREATE TABLE IF NOT EXISTS agent_log_lines (
  transaction_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  line TEXT NOT NULL,
  PRIMARY KEY (transaction_id, seq)
);
CREATE TABLE IF NOT EXISTS agent_taken_transactions (
  transaction_id TEXT PRIMARY KEY,
  taken_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_taken_transactions_by_age ON agent_taken_transactions (taken_at);
CREATE TABLE IF NOT EXISTS agent_versions (
  version_id TEXT PRIMARY KEY,
  started_at INTEGER NOT NULL
);
`;

/** Versions remembered for uptime; older ones can no longer be running. */
const VERSIONS_KEPT = 32;

export function createSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

export function selectTransaction(sql: SqlStorage, transactionId: string): TransactionRow | null {
  const rows = sql
    .exec<TransactionRow>(
      `SELECT transaction_id, request_hash, status, result, error, execution_time_ms, created_at
       FROM agent_transactions WHERE transaction_id = ?`,
      transactionId,
    )
    .toArray();
  return rows[0] ?? null;
}

/** Returns false, writing nothing, when the transaction is already stored: the first outcome stays. */
export function insertFinishedTransaction(
  sql: SqlStorage,
  args: {
    transactionId: string;
    requestHash: string;
    status: "completed" | "failed";
    result: string | null;
    error: string | null;
    executionTimeMs: number;
    createdAt: number;
  },
): boolean {
  const cursor = sql.exec(
    `INSERT OR IGNORE INTO agent_transactions
       (transaction_id, request_hash, status, result, error, execution_time_ms, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    args.transactionId,
    args.requestHash,
    args.status,
    args.result,
    args.error,
    args.executionTimeMs,
    args.createdAt,
  );
  return cursor.rowsWritten > 0;
}

export function insertLogLines(
  sql: SqlStorage,
  args: { transactionId: string; lines: readonly string[] },
): void {
  args.lines.forEach((line, seq) => {
    sql.exec(
      "INSERT OR REPLACE INTO agent_log_lines (transaction_id, seq, line) VALUES (?, ?, ?)",
      args.transactionId,
      seq,
      line,
    );
  });
}

export function selectLogLines(sql: SqlStorage, transactionId: string): string[] {
  return sql
    .exec<{ line: string }>(
      "SELECT line FROM agent_log_lines WHERE transaction_id = ? ORDER BY seq",
      transactionId,
    )
    .toArray()
    .map((row) => row.line);
}

/** Deletes transactions (and their lines) created before `olderThan`, then all but the newest `keep`. */
export function deleteExpiredTransactions(
  sql: SqlStorage,
  args: { olderThan: number; keep: number },
): void {
  const expired = `
    SELECT transaction_id FROM agent_transactions WHERE created_at < ?1
    UNION
    SELECT transaction_id FROM (
      SELECT transaction_id FROM agent_transactions
      ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?2
    )`;
  sql.exec(
    `DELETE FROM agent_log_lines WHERE transaction_id IN (${expired})`,
    args.olderThan,
    args.keep,
  );
  sql.exec(
    `DELETE FROM agent_transactions WHERE transaction_id IN (${expired})`,
    args.olderThan,
    args.keep,
  );
}

export function countTransactions(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM agent_transactions").one().n;
}

/**
 * Marks `transactionId` as taken by a run; false, writing nothing, when it already was. The mark
 * outlives any signed request for that id (see deleteTakenBefore), whatever retention does to the
 * transaction itself.
 */
export function insertTaken(
  sql: SqlStorage,
  args: { transactionId: string; now: number },
): boolean {
  const cursor = sql.exec(
    "INSERT OR IGNORE INTO agent_taken_transactions (transaction_id, taken_at) VALUES (?, ?)",
    args.transactionId,
    args.now,
  );
  return cursor.rowsWritten > 0;
}

export function isTaken(sql: SqlStorage, transactionId: string): boolean {
  return (
    sql
      .exec(
        "SELECT 1 FROM agent_taken_transactions WHERE transaction_id = ? LIMIT 1",
        transactionId,
      )
      .toArray().length > 0
  );
}

/** Gives an id back: only for a run that never started its handler (docs/agent.md, "Streaming"). */
export function deleteTaken(sql: SqlStorage, transactionId: string): void {
  sql.exec("DELETE FROM agent_taken_transactions WHERE transaction_id = ?", transactionId);
}

export function deleteTakenBefore(sql: SqlStorage, before: number): void {
  sql.exec("DELETE FROM agent_taken_transactions WHERE taken_at < ?", before);
}

export function countTaken(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM agent_taken_transactions").one().n;
}

/** Records `versionId` as started at `now` unless it started before; returns its start time. */
export function recordVersionStart(
  sql: SqlStorage,
  args: { versionId: string; now: number },
): number {
  sql.exec(
    "INSERT OR IGNORE INTO agent_versions (version_id, started_at) VALUES (?, ?)",
    args.versionId,
    args.now,
  );
  const startedAt = sql
    .exec<{ started_at: number }>(
      "SELECT started_at FROM agent_versions WHERE version_id = ?",
      args.versionId,
    )
    .one().started_at;
  sql.exec(
    `DELETE FROM agent_versions WHERE version_id != ? AND version_id NOT IN
       (SELECT version_id FROM agent_versions ORDER BY started_at DESC LIMIT ?)`,
    args.versionId,
    VERSIONS_KEPT,
  );
  return startedAt;
}
