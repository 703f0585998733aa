/**
 * The claims object's index of its payer's paid runs (A2A's ListTasks: docs/gateway.md, "A2A",
 * "Who may read a task"): each claim names the run that used it and when. Times are seconds
 * since the epoch; transaction ids are UUIDv7s, so they sort by the time they were minted.
 */

/**
 * Transaction ids of the runs claimed at or after `sinceSeconds`, newest first, only those older
 * than `before` when it is given (the previous page's last id).
 */
export function selectPaidRuns(
  sql: SqlStorage,
  args: { sinceSeconds: number; before: string | null; limit: number },
): string[] {
  return sql
    .exec<{ transaction_id: string }>(
      `SELECT transaction_id FROM claims
       WHERE claimed_at >= ? AND (? IS NULL OR transaction_id < ?)
       ORDER BY transaction_id DESC LIMIT ?`,
      args.sinceSeconds,
      args.before,
      args.before,
      args.limit,
    )
    .toArray()
    .map((row) => row.transaction_id);
}

/** How many runs were claimed at or after `sinceSeconds`. */
export function countPaidRuns(sql: SqlStorage, sinceSeconds: number): number {
  return sql
    .exec<{ total: number }>(
      "SELECT COUNT(*) AS total FROM claims WHERE claimed_at >= ?",
      sinceSeconds,
    )
    .one().total;
}
