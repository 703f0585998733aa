/**
 * The list read model: processes as answered (README.md, "HTTP APIs") by id, a tag index, and the
 * registry revision synced. Every SQL statement of the process index, a function each.
 */
const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS registry_walk (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  head TEXT NOT NULL,
  below TEXT NOT NULL
);
`;

export function createSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/** The registry revision synced so far; null before the first sync. */
export function readRevision(sql: SqlStorage): string | null {
  const rows = sql
    .exec<{ revision: string }>("SELECT revision FROM sync_state WHERE singleton = 1")
    .toArray();
  return rows[0]?.revision ?? null;
}

export function writeRevision(sql: SqlStorage, revision: string): void {
  sql.exec(
    "INSERT INTO sync_state (singleton, revision) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET revision = excluded.revision",
    revision,
  );
}

/**
 * The first sync's walk through the registry while it lasts (registry-sync.ts): the revision read
 * before it started, and the position it has walked down to.
 */
export type RegistryWalk = { head: bigint; below: bigint };

export function readWalk(sql: SqlStorage): RegistryWalk | null {
  const row = sql
    .exec<{ head: string; below: string }>("SELECT head, below FROM registry_walk")
    .toArray()[0];
  return row === undefined ? null : { head: BigInt(row.head), below: BigInt(row.below) };
}

export function writeWalk(sql: SqlStorage, walk: RegistryWalk): void {
  sql.exec(
    "INSERT INTO registry_walk (singleton, head, below) VALUES (1, ?, ?) ON CONFLICT (singleton) DO UPDATE SET head = excluded.head, below = excluded.below",
    walk.head.toString(),
    walk.below.toString(),
  );
}

export function clearWalk(sql: SqlStorage): void {
  sql.exec("DELETE FROM registry_walk");
}

/** Stores the process and replaces its tags. */
export function upsertProcess(
  sql: SqlStorage,
  args: { id: string; owner: string; status: string; body: string; tags: readonly string[] },
): void {
  sql.exec(
    "INSERT INTO processes (id, owner, status, body) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, status = excluded.status, body = excluded.body",
    args.id,
    args.owner,
    args.status,
    args.body,
  );
  deleteTags(sql, args.id);
  for (const tag of args.tags) {
    sql.exec("INSERT OR IGNORE INTO process_tags (tag, id) VALUES (?, ?)", tag, args.id);
  }
}

/** Removes the process and its tags. */
export function deleteProcess(sql: SqlStorage, id: string): void {
  sql.exec("DELETE FROM processes WHERE id = ?", id);
  deleteTags(sql, id);
}

function deleteTags(sql: SqlStorage, id: string): void {
  sql.exec("DELETE FROM process_tags WHERE id = ?", id);
}

/** A row of the list: the process's JSON and the columns it is filtered by. */
export type ProcessRow = { id: string; owner: string; status: string; body: string };

/** Runs listStatement: the page's rows, in id order. */
export function selectPage(
  sql: SqlStorage,
  args: Parameters<typeof listStatement>[0],
): ProcessRow[] {
  const { query, bindings } = listStatement(args);
  return sql.exec<ProcessRow>(query, ...bindings).toArray();
}

/** One process's row, or null when it is not registered (or not synced yet). */
export function selectProcess(sql: SqlStorage, id: string): ProcessRow | null {
  return (
    sql
      .exec<ProcessRow>("SELECT id, owner, status, body FROM processes WHERE id = ?", id)
      .toArray()[0] ?? null
  );
}

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
    query: `SELECT p.id AS id, p.owner AS owner, p.status AS status, p.body AS body FROM ${from} ${clause} ORDER BY p.id LIMIT ?`,
    bindings,
  };
}
