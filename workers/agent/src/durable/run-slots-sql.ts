/**
 * The run slots of an agent that queues (docs/agent.md, "Streaming"): one row per run holding a
 * slot, with the time its lease runs out. Kept in storage so a restart of the Durable Object does
 * not forget who runs; a lease past its end is a run that died and frees its slot by itself.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS agent_run_slots (
  transaction_id TEXT PRIMARY KEY,
  lease_until INTEGER NOT NULL
);
`;

export function createSlotSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/** Frees the slots of runs whose lease ran out, then counts the slots held. */
export function countLiveSlots(sql: SqlStorage, now: number): number {
  sql.exec("DELETE FROM agent_run_slots WHERE lease_until <= ?", now);
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM agent_run_slots").one().n;
}

export function insertSlot(
  sql: SqlStorage,
  args: { transactionId: string; leaseUntil: number },
): void {
  sql.exec(
    "INSERT OR REPLACE INTO agent_run_slots (transaction_id, lease_until) VALUES (?, ?)",
    args.transactionId,
    args.leaseUntil,
  );
}

/** True when `transactionId` held a slot. */
export function deleteSlot(sql: SqlStorage, transactionId: string): boolean {
  return (
    sql.exec("DELETE FROM agent_run_slots WHERE transaction_id = ?", transactionId).rowsWritten > 0
  );
}

/** When the first lease runs out, or null when no slot is held. */
export function earliestLeaseEnd(sql: SqlStorage): number | null {
  return sql.exec<{ t: number | null }>("SELECT MIN(lease_until) AS t FROM agent_run_slots").one()
    .t;
}
