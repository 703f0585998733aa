/**
 * The package's state in SQLite. u64 values (amounts, times, counters) are stored as decimal TEXT
 * because SQLite's INTEGER is signed 64-bit; u8 codes as INTEGER; vectors of strings and
 * addresses as JSON text; byte vectors as 0x-hex TEXT. Index tables mirror Move's dense
 * `Table<u64, id>` lists, so listing order is the Move order.
 */
const TABLES = [
  `CREATE TABLE IF NOT EXISTS pkg_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_processes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    owner TEXT NOT NULL,
    service_url TEXT NOT NULL,
    payment_address TEXT NOT NULL,
    agents TEXT NOT NULL,
    workflows TEXT NOT NULL,
    tags TEXT NOT NULL,
    status INTEGER NOT NULL,
    has_pricing INTEGER NOT NULL,
    task_price TEXT NOT NULL,
    currency TEXT NOT NULL,
    requires_prepayment INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  // Every id ever registered: deregistered ids stay reserved.
  `CREATE TABLE IF NOT EXISTS pkg_process_ids_used (id TEXT PRIMARY KEY)`,
  `CREATE TABLE IF NOT EXISTS pkg_process_index (
    position INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_owner_index (
    owner TEXT NOT NULL,
    position INTEGER NOT NULL,
    id TEXT NOT NULL UNIQUE,
    PRIMARY KEY (owner, position)
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_registry_changes (
    revision INTEGER PRIMARY KEY,
    id TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_payments (
    process_id TEXT NOT NULL,
    task_id TEXT NOT NULL,
    payer TEXT NOT NULL,
    receiver TEXT NOT NULL,
    provider TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    status INTEGER NOT NULL,
    outcome INTEGER NOT NULL,
    result_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    settle_time TEXT NOT NULL,
    PRIMARY KEY (process_id, task_id, payer)
  )`,
  // A payer's ESCROW payments per process, oldest first (`seq` grows within each list).
  `CREATE TABLE IF NOT EXISTS pkg_open_payments (
    process_id TEXT NOT NULL,
    payer TEXT NOT NULL,
    seq INTEGER NOT NULL,
    task_id TEXT NOT NULL,
    PRIMARY KEY (process_id, payer, seq),
    UNIQUE (process_id, payer, task_id)
  )`,
  // Move's RunClaims: which operator claimed each payment's run (claim_run), written once.
  `CREATE TABLE IF NOT EXISTS pkg_run_claims (
    process_id TEXT NOT NULL,
    task_id TEXT NOT NULL,
    payer TEXT NOT NULL,
    operator TEXT NOT NULL,
    PRIMARY KEY (process_id, task_id, payer)
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_workflows (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    owner TEXT NOT NULL,
    status INTEGER NOT NULL,
    task_count INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS pkg_tasks (
    workflow_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    assignee TEXT NOT NULL,
    requester TEXT NOT NULL,
    process_id TEXT NOT NULL,
    dependencies TEXT NOT NULL,
    status INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (workflow_id, id),
    UNIQUE (workflow_id, position)
  )`,
];

export function createPackageTables(sql: SqlStorage): void {
  for (const statement of TABLES) sql.exec(statement);
}

/** Package-wide settings and counters, each one row of pkg_settings. */
export type SettingName = "refund_window" | "last_process_number" | "registry_revision";

export function readSetting(sql: SqlStorage, name: SettingName): string | undefined {
  const row = sql.exec("SELECT value FROM pkg_settings WHERE name = ?", name).toArray()[0];
  const value = row?.value;
  return typeof value === "string" ? value : undefined;
}

export function readU64Setting(sql: SqlStorage, name: SettingName): bigint {
  const value = readSetting(sql, name);
  if (value === undefined) throw new Error(`package setting ${name} missing: init did not run`);
  return BigInt(value);
}

export function writeSetting(sql: SqlStorage, name: SettingName, value: string | bigint): void {
  sql.exec(
    "INSERT INTO pkg_settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
    name,
    value.toString(),
  );
}

/** Adds one to a counter setting and returns the new value. */
export function bumpCounter(sql: SqlStorage, name: SettingName): bigint {
  const next = readU64Setting(sql, name) + 1n;
  writeSetting(sql, name, next);
  return next;
}

/** Reads a column the schema declares TEXT. */
export function text(row: Record<string, SqlStorageValue>, column: string): string {
  const value = row[column];
  if (typeof value !== "string") throw new Error(`column ${column} is not text`);
  return value;
}

/** Reads a column the schema declares INTEGER. */
export function int(row: Record<string, SqlStorageValue>, column: string): number {
  const value = row[column];
  if (typeof value !== "number") throw new Error(`column ${column} is not an integer`);
  return value;
}

/** Reads a column holding a JSON array of strings (written only by the engine). */
export function stringList(row: Record<string, SqlStorageValue>, column: string): string[] {
  const parsed: unknown = JSON.parse(text(row, column));
  if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === "string")) {
    throw new Error(`column ${column} is not a list of strings`);
  }
  return parsed;
}
