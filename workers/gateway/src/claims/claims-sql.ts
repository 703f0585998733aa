/**
 * Storage of one (processId, userAddress) pair's claims object: which payment each execution
 * used, the caller-proof signatures already seen, and idempotent answers. Every SQL statement of
 * the claims object, a function each; times are seconds since the epoch.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS claims (
  task_id TEXT PRIMARY KEY,
  transaction_id TEXT NOT NULL,
  -- 'claimed' while the agent runs, 'used' once it answered. A claim is final: no path deletes
  -- it, so a payment never pays for a second run (docs/gateway.md, "One payment, one attempt").
  state TEXT NOT NULL,
  claimed_at INTEGER NOT NULL
);
-- The payer's recent paid runs, newest first (claims/paid-runs-sql.ts).
CREATE INDEX IF NOT EXISTS claims_by_time ON claims (claimed_at);
CREATE TABLE IF NOT EXISTS seen_signatures (
  signature TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seen_signatures_expiry ON seen_signatures (expires_at);
CREATE TABLE IF NOT EXISTS idempotency (
  route TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  -- NULL while the first request is still running.
  status INTEGER,
  body TEXT,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (route, key)
);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency (expires_at);
`;

export function createSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/** Forgets signatures and idempotency keys whose time has passed. */
export function pruneExpired(sql: SqlStorage, nowSeconds: number): void {
  sql.exec("DELETE FROM seen_signatures WHERE expires_at < ?", nowSeconds);
  sql.exec("DELETE FROM idempotency WHERE expires_at < ?", nowSeconds);
}

/**
 * Remembers a verified caller proof's signature until it expires; false when it was seen before
 * (a replay), and then nothing is written (docs/gateway.md, "Caller proof").
 */
export function spendSignature(
  sql: SqlStorage,
  proof: { signature: string; expiresAt: number },
): boolean {
  const seen = sql
    .exec("SELECT 1 AS seen FROM seen_signatures WHERE signature = ?", proof.signature)
    .toArray();
  if (seen.length > 0) return false;
  sql.exec(
    "INSERT INTO seen_signatures (signature, expires_at) VALUES (?, ?)",
    proof.signature,
    proof.expiresAt,
  );
  return true;
}

export type IdempotencyRow = { body_hash: string; status: number | null; body: string | null };

export function selectIdempotency(
  sql: SqlStorage,
  route: string,
  key: string,
): IdempotencyRow | null {
  const rows = sql
    .exec<IdempotencyRow>(
      "SELECT body_hash, status, body FROM idempotency WHERE route = ? AND key = ?",
      route,
      key,
    )
    .toArray();
  return rows[0] ?? null;
}

/** A key whose first request is still running: no status or body yet. */
export function insertIdempotency(
  sql: SqlStorage,
  args: { route: string; key: string; bodyHash: string; transactionId: string; expiresAt: number },
): void {
  sql.exec(
    "INSERT INTO idempotency (route, key, body_hash, transaction_id, expires_at) VALUES (?, ?, ?, ?, ?)",
    args.route,
    args.key,
    args.bodyHash,
    args.transactionId,
    args.expiresAt,
  );
}

/** Deletes the key only while it is the given transaction's. */
export function deleteIdempotency(
  sql: SqlStorage,
  args: { route: string; key: string; transactionId: string },
): void {
  sql.exec(
    "DELETE FROM idempotency WHERE route = ? AND key = ? AND transaction_id = ?",
    args.route,
    args.key,
    args.transactionId,
  );
}

/** Stores the answer of the key's first request, only while the key is that transaction's. */
export function storeIdempotentAnswer(
  sql: SqlStorage,
  args: { route: string; key: string; transactionId: string; status: number; body: string },
): void {
  sql.exec(
    "UPDATE idempotency SET status = ?, body = ? WHERE route = ? AND key = ? AND transaction_id = ?",
    args.status,
    args.body,
    args.route,
    args.key,
    args.transactionId,
  );
}

/** Keys held and the bytes of their stored answers. */
export function idempotencyUsage(sql: SqlStorage): { keys: number; bytes: number } {
  const row = sql
    .exec<{ keys: number; bytes: number }>(
      "SELECT COUNT(*) AS keys, COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) AS bytes FROM idempotency",
    )
    .one();
  return { keys: row.keys, bytes: row.bytes };
}

export function isClaimed(sql: SqlStorage, taskId: string): boolean {
  return sql.exec("SELECT 1 AS claimed FROM claims WHERE task_id = ?", taskId).toArray().length > 0;
}

export function insertClaim(
  sql: SqlStorage,
  args: { taskId: string; transactionId: string; claimedAt: number },
): void {
  sql.exec(
    "INSERT INTO claims (task_id, transaction_id, state, claimed_at) VALUES (?, ?, 'claimed', ?)",
    args.taskId,
    args.transactionId,
    args.claimedAt,
  );
}

export function markClaimUsed(sql: SqlStorage, taskId: string, transactionId: string): void {
  sql.exec(
    "UPDATE claims SET state = 'used' WHERE task_id = ? AND transaction_id = ?",
    taskId,
    transactionId,
  );
}
