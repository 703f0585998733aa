import { LIMITS } from "#shared/contract";
import type { Process } from "./records.js";
import { bumpCounter, int, readU64Setting, stringList, text } from "./schema.js";

function rowToProcess(row: Record<string, SqlStorageValue>): Process {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    description: text(row, "description"),
    owner: text(row, "owner"),
    service_url: text(row, "service_url"),
    payment_address: text(row, "payment_address"),
    agents: stringList(row, "agents"),
    workflows: stringList(row, "workflows"),
    tags: stringList(row, "tags"),
    status: int(row, "status"),
    pricing:
      int(row, "has_pricing") === 1
        ? {
            task_price: BigInt(text(row, "task_price")),
            currency: text(row, "currency"),
            requires_prepayment: int(row, "requires_prepayment") === 1,
          }
        : null,
    created_at: BigInt(text(row, "created_at")),
    updated_at: BigInt(text(row, "updated_at")),
  };
}

export function readProcess(sql: SqlStorage, id: string): Process | undefined {
  const row = sql.exec("SELECT * FROM pkg_processes WHERE id = ?", id).toArray()[0];
  return row === undefined ? undefined : rowToProcess(row);
}

/** Inserts or replaces the record (update replaces every field, the id stays the key). */
export function writeProcess(sql: SqlStorage, p: Process): void {
  sql.exec(
    `INSERT OR REPLACE INTO pkg_processes (id, name, description, owner, service_url,
       payment_address, agents, workflows, tags, status, has_pricing, task_price, currency,
       requires_prepayment, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    p.id,
    p.name,
    p.description,
    p.owner,
    p.service_url,
    p.payment_address,
    JSON.stringify(p.agents),
    JSON.stringify(p.workflows),
    JSON.stringify(p.tags),
    p.status,
    p.pricing === null ? 0 : 1,
    (p.pricing?.task_price ?? 0n).toString(),
    p.pricing?.currency ?? "",
    p.pricing?.requires_prepayment ? 1 : 0,
    p.created_at.toString(),
    p.updated_at.toString(),
  );
}

/** Whether an id was ever registered (deregistered ids stay reserved). */
export function isIdUsed(sql: SqlStorage, id: string): boolean {
  return sql.exec("SELECT 1 FROM pkg_process_ids_used WHERE id = ?", id).toArray().length > 0;
}

export function reserveId(sql: SqlStorage, id: string): void {
  sql.exec("INSERT INTO pkg_process_ids_used (id) VALUES (?)", id);
}

function maxPosition(sql: SqlStorage, query: string, ...bindings: string[]): number {
  const value = sql.exec(query, ...bindings).one().last;
  return typeof value === "number" ? value : -1;
}

export function processCount(sql: SqlStorage): number {
  return maxPosition(sql, "SELECT MAX(position) AS last FROM pkg_process_index") + 1;
}

export function ownerProcessCount(sql: SqlStorage, owner: string): number {
  return (
    maxPosition(sql, "SELECT MAX(position) AS last FROM pkg_owner_index WHERE owner = ?", owner) + 1
  );
}

/** Appends the id to the global and the owner's index. */
export function indexProcess(sql: SqlStorage, id: string, owner: string): void {
  sql.exec("INSERT INTO pkg_process_index (position, id) VALUES (?, ?)", processCount(sql), id);
  sql.exec(
    "INSERT INTO pkg_owner_index (owner, position, id) VALUES (?, ?, ?)",
    owner,
    ownerProcessCount(sql, owner),
    id,
  );
}

/** Removes the id from both indexes by swap-remove: the last entry takes the freed position. */
export function unindexProcess(sql: SqlStorage, id: string, owner: string): void {
  const global = sql.exec("SELECT position FROM pkg_process_index WHERE id = ?", id).one();
  const globalLast = processCount(sql) - 1;
  sql.exec("DELETE FROM pkg_process_index WHERE id = ?", id);
  sql.exec(
    "UPDATE pkg_process_index SET position = ? WHERE position = ?",
    int(global, "position"),
    globalLast,
  );
  const mine = sql.exec("SELECT position FROM pkg_owner_index WHERE id = ?", id).one();
  const ownerLast = ownerProcessCount(sql, owner) - 1;
  sql.exec("DELETE FROM pkg_owner_index WHERE id = ?", id);
  sql.exec(
    "UPDATE pkg_owner_index SET position = ? WHERE owner = ? AND position = ?",
    int(mine, "position"),
    owner,
    ownerLast,
  );
}

export function deleteProcess(sql: SqlStorage, p: Process): void {
  unindexProcess(sql, p.id, p.owner);
  sql.exec("DELETE FROM pkg_processes WHERE id = ?", p.id);
}

/** Page bounds as Move computes them: `limit` capped at MAX_PAGE, empty past the end. */
function page(start: bigint, limit: bigint, count: number): { from: number; to: number } {
  const capped = limit > BigInt(LIMITS.MAX_PAGE) ? BigInt(LIMITS.MAX_PAGE) : limit;
  if (start >= BigInt(count)) return { from: 0, to: 0 };
  const from = Number(start);
  return { from, to: Math.min(count, from + Number(capped)) };
}

function processesAt(sql: SqlStorage, query: string, bindings: (string | number)[]): Process[] {
  return sql
    .exec(query, ...bindings)
    .toArray()
    .map(rowToProcess);
}

export function listProcesses(sql: SqlStorage, start: bigint, limit: bigint): Process[] {
  const { from, to } = page(start, limit, processCount(sql));
  if (from >= to) return [];
  return processesAt(
    sql,
    `SELECT p.* FROM pkg_process_index i JOIN pkg_processes p ON p.id = i.id
     WHERE i.position >= ? AND i.position < ? ORDER BY i.position`,
    [from, to],
  );
}

export function listProcessesByOwner(
  sql: SqlStorage,
  owner: string,
  start: bigint,
  limit: bigint,
): Process[] {
  const { from, to } = page(start, limit, ownerProcessCount(sql, owner));
  if (from >= to) return [];
  return processesAt(
    sql,
    `SELECT p.* FROM pkg_owner_index i JOIN pkg_processes p ON p.id = i.id
     WHERE i.owner = ? AND i.position >= ? AND i.position < ? ORDER BY i.position`,
    [owner, from, to],
  );
}

/** The change feed: bumps the registry revision and records which id changed at it. */
export function recordChange(sql: SqlStorage, id: string): void {
  const revision = bumpCounter(sql, "registry_revision");
  sql.exec("INSERT INTO pkg_registry_changes (revision, id) VALUES (?, ?)", Number(revision), id);
}

export function registryRevision(sql: SqlStorage): bigint {
  return readU64Setting(sql, "registry_revision");
}

/** Ids changed after `revision`, oldest first, at most MAX_PAGE (one per revision). */
export function changedSince(sql: SqlStorage, revision: bigint, limit: bigint): string[] {
  const current = registryRevision(sql);
  const { from, to } = page(revision, limit, Number(current));
  if (from >= to) return [];
  return sql
    .exec(
      "SELECT id FROM pkg_registry_changes WHERE revision > ? AND revision <= ? ORDER BY revision",
      from,
      to,
    )
    .toArray()
    .map((row) => text(row, "id"));
}
