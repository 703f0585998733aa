/**
 * Storage of one (processId, userAddress) pair's claims object: which payment each execution
 * used, the caller-proof signatures already seen, and idempotent answers.
 */
export const CLAIMS_SCHEMA = `
CREATE TABLE IF NOT EXISTS claims (
  task_id TEXT PRIMARY KEY,
  transaction_id TEXT NOT NULL,
  -- 'claimed' while the agent runs, 'used' once it answered. A claim is final: no path deletes
  -- it, so a payment never pays for a second run (docs/gateway.md, "One payment, one attempt").
  state TEXT NOT NULL,
  claimed_at INTEGER NOT NULL
);
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

export const SQL = {
  pruneSignatures: "DELETE FROM seen_signatures WHERE expires_at < ?",
  pruneIdempotency: "DELETE FROM idempotency WHERE expires_at < ?",
  findSignature: "SELECT 1 AS seen FROM seen_signatures WHERE signature = ?",
  insertSignature: "INSERT INTO seen_signatures (signature, expires_at) VALUES (?, ?)",
  findIdempotency: "SELECT body_hash, status, body FROM idempotency WHERE route = ? AND key = ?",
  insertIdempotency:
    "INSERT INTO idempotency (route, key, body_hash, transaction_id, expires_at) VALUES (?, ?, ?, ?, ?)",
  deleteIdempotency: "DELETE FROM idempotency WHERE route = ? AND key = ? AND transaction_id = ?",
  storeAnswer:
    "UPDATE idempotency SET status = ?, body = ? WHERE route = ? AND key = ? AND transaction_id = ?",
  findClaim: "SELECT 1 AS claimed FROM claims WHERE task_id = ?",
  insertClaim:
    "INSERT INTO claims (task_id, transaction_id, state, claimed_at) VALUES (?, ?, 'claimed', ?)",
  markUsed: "UPDATE claims SET state = 'used' WHERE task_id = ? AND transaction_id = ?",
  idempotencyUsage:
    "SELECT COUNT(*) AS keys, COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) AS bytes FROM idempotency",
} as const;
