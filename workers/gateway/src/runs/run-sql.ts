/**
 * Storage of one run object (docs/gateway.md, "The run object"): the run's one row (its spec, its
 * record, the SPEC answer once final) and its event log. Every SQL statement of the run object, a
 * function each; times are Unix milliseconds.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS run (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  spec TEXT NOT NULL,
  record TEXT NOT NULL,
  -- The SPEC answer (GatewayAnswer JSON) once final.
  answer TEXT,
  -- When the agent was first asked: a re-fired alarm with it set is a restart mid-call.
  asked_at INTEGER,
  -- The run's time limit: asked_at + the agent's time limit.
  deadline_at INTEGER,
  -- 0 until the claims object and the outcome queue heard of the final state.
  effects_done INTEGER NOT NULL DEFAULT 0,
  -- Log and partial events dropped past the caps; whether the latest progress has no event.
  dropped INTEGER NOT NULL DEFAULT 0,
  progress_unsent INTEGER NOT NULL DEFAULT 0,
  event_bytes INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  data TEXT NOT NULL
);
`;

/**
 * Whether this object's database holds the run's tables: they are made with the run's row
 * (insertRun), so an object that never held a run has written nothing.
 */
export function hasSchema(sql: SqlStorage): boolean {
  const tables = sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'run'");
  return tables.toArray().length > 0;
}

export type RunRow = {
  spec: string;
  record: string;
  answer: string | null;
  asked_at: number | null;
  deadline_at: number | null;
  effects_done: number;
  dropped: number;
  progress_unsent: number;
  event_bytes: number;
};

export function selectRun(sql: SqlStorage): RunRow | null {
  return sql.exec<RunRow>("SELECT * FROM run WHERE id = 1").toArray()[0] ?? null;
}

/**
 * The run's row, and the tables first when this database has none: made here rather than when the
 * object starts, they are written in the start's one commit, not a commit of their own before it.
 */
export function insertRun(sql: SqlStorage, args: { spec: string; record: string }): void {
  sql.exec(SCHEMA);
  sql.exec("INSERT INTO run (id, spec, record) VALUES (1, ?, ?)", args.spec, args.record);
}

export function updateRecord(sql: SqlStorage, record: string): void {
  sql.exec("UPDATE run SET record = ? WHERE id = 1", record);
}

export function markAsked(sql: SqlStorage, args: { askedAt: number; deadlineAt: number }): void {
  sql.exec(
    "UPDATE run SET asked_at = ?, deadline_at = ? WHERE id = 1",
    args.askedAt,
    args.deadlineAt,
  );
}

export function storeAnswer(sql: SqlStorage, answer: string): void {
  sql.exec("UPDATE run SET answer = ? WHERE id = 1", answer);
}

export function markEffectsDone(sql: SqlStorage): void {
  sql.exec("UPDATE run SET effects_done = 1 WHERE id = 1");
}

export function countDropped(sql: SqlStorage): void {
  sql.exec("UPDATE run SET dropped = dropped + 1 WHERE id = 1");
}

export function setProgressUnsent(sql: SqlStorage, unsent: boolean): void {
  sql.exec("UPDATE run SET progress_unsent = ? WHERE id = 1", unsent ? 1 : 0);
}

export function eventCount(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n;
}

/** Appends one event after the last one; `bytes` counts toward the run's event data. */
export function insertEvent(
  sql: SqlStorage,
  args: { type: string; data: string; bytes: number },
): number {
  const seq = sql
    .exec<{ seq: number }>(
      "INSERT INTO events (seq, type, data) VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM events), ?, ?) RETURNING seq",
      args.type,
      args.data,
    )
    .one().seq;
  sql.exec("UPDATE run SET event_bytes = event_bytes + ? WHERE id = 1", args.bytes);
  return seq;
}

export type EventRow = { seq: number; type: string; data: string };

export function selectEventsAfter(sql: SqlStorage, after: number, limit: number): EventRow[] {
  return sql
    .exec<EventRow>(
      "SELECT seq, type, data FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
      after,
      limit,
    )
    .toArray();
}
