import type { Figures } from "./stats-figures.js";

/**
 * The figures read model beside the process list (process-index-sql.ts): one row per process
 * with payment events, amounts as decimal text (u64 does not fit SQLite's integer), and the
 * last ledger version whose events are counted. Every SQL statement of the figures.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS process_stats (
  process_id TEXT PRIMARY KEY,
  runs INTEGER NOT NULL,
  delivered INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  released TEXT NOT NULL,
  refunded TEXT NOT NULL,
  in_escrow TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stats_sync (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  version TEXT NOT NULL
);
`;

type StatsRow = {
  process_id: string;
  runs: number;
  delivered: number;
  failed: number;
  released: string;
  refunded: string;
  in_escrow: string;
};

export function createStatsSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
}

/** The last ledger version whose events the figures count; 0 before any. */
export function readStatsVersion(sql: SqlStorage): bigint {
  const rows = sql
    .exec<{ version: string }>("SELECT version FROM stats_sync WHERE singleton = 1")
    .toArray();
  return BigInt(rows[0]?.version ?? "0");
}

export function writeStatsVersion(sql: SqlStorage, version: bigint): void {
  sql.exec(
    "INSERT INTO stats_sync (singleton, version) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET version = excluded.version",
    version.toString(),
  );
}

function toFigures(row: StatsRow): Figures {
  return {
    runs: row.runs,
    delivered: row.delivered,
    failed: row.failed,
    released: BigInt(row.released),
    refunded: BigInt(row.refunded),
    inEscrow: BigInt(row.in_escrow),
  };
}

/** The figures of the given processes that have any, by process id. */
export function readFigures(sql: SqlStorage, processIds: readonly string[]): Map<string, Figures> {
  // One JSON parameter, not one per id: a Durable Object's SQLite binds at most 100.
  const rows = sql
    .exec<StatsRow>(
      "SELECT * FROM process_stats WHERE process_id IN (SELECT value FROM json_each(?))",
      JSON.stringify(processIds),
    )
    .toArray();
  return new Map(rows.map((row) => [row.process_id, toFigures(row)]));
}

export function writeFigures(sql: SqlStorage, processId: string, f: Figures): void {
  sql.exec(
    `INSERT INTO process_stats (process_id, runs, delivered, failed, released, refunded, in_escrow)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (process_id) DO UPDATE SET runs = excluded.runs, delivered = excluded.delivered,
       failed = excluded.failed, released = excluded.released, refunded = excluded.refunded,
       in_escrow = excluded.in_escrow`,
    processId,
    f.runs,
    f.delivered,
    f.failed,
    f.released.toString(),
    f.refunded.toString(),
    f.inEscrow.toString(),
  );
}
