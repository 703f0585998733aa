/**
 * The list read model: processes as answered (README.md, "HTTP APIs") by id, a tag index, and the
 * registry revision synced.
 */
export const PROCESS_INDEX_SCHEMA = `
CREATE TABLE IF NOT EXISTS processes (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS processes_owner ON processes (owner, id);
CREATE INDEX IF NOT EXISTS processes_status ON processes (status, id);
CREATE TABLE IF NOT EXISTS process_tags (
  tag TEXT NOT NULL,
  id TEXT NOT NULL,
  PRIMARY KEY (tag, id)
);
CREATE TABLE IF NOT EXISTS sync_state (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  revision TEXT NOT NULL
);
`;

export const SQL = {
  readRevision: "SELECT revision FROM sync_state WHERE singleton = 1",
  writeRevision:
    "INSERT INTO sync_state (singleton, revision) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET revision = excluded.revision",
  upsertProcess:
    "INSERT INTO processes (id, owner, status, body) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, status = excluded.status, body = excluded.body",
  deleteProcess: "DELETE FROM processes WHERE id = ?",
  deleteTags: "DELETE FROM process_tags WHERE id = ?",
  insertTag: "INSERT OR IGNORE INTO process_tags (tag, id) VALUES (?, ?)",
} as const;

/** One page of matches in id order; filters are ANDed, absent ones ignored. */
export function listStatement(args: {
  owner?: string | undefined;
  tag?: string | undefined;
  status?: string | undefined;
  after?: string | undefined;
  limit: number;
}): { query: string; bindings: (string | number)[] } {
  const where: string[] = [];
  const bindings: (string | number)[] = [];
  let from = "processes p";
  if (args.tag !== undefined) {
    from = "process_tags t JOIN processes p ON p.id = t.id";
    where.push("t.tag = ?");
    bindings.push(args.tag);
  }
  if (args.owner !== undefined) {
    where.push("p.owner = ?");
    bindings.push(args.owner);
  }
  if (args.status !== undefined) {
    where.push("p.status = ?");
    bindings.push(args.status);
  }
  if (args.after !== undefined) {
    where.push("p.id > ?");
    bindings.push(args.after);
  }
  const clause = where.length === 0 ? "" : `WHERE ${where.join(" AND ")}`;
  bindings.push(args.limit);
  return {
    query: `SELECT p.id AS id, p.body AS body FROM ${from} ${clause} ORDER BY p.id LIMIT ?`,
    bindings,
  };
}
