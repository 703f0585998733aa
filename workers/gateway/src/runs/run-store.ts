import { FINAL_RUN_STATES, type RunEvent, type RunState } from "#shared/schemas/runs";
import type { GatewayAnswer } from "../http/respond.js";
import { ChangeSignal } from "./change-signal.js";
import { appendEvent, closeLog } from "./run-events.js";
import * as store from "./run-sql.js";
import { runStatusBody } from "./run-status.js";
import type { EndedRun, RunRecord, RunSpec } from "./run-types.js";

export const isFinal = (record: RunRecord) => FINAL_RUN_STATES.has(record.status);

/**
 * A run object's storage (run-sql.ts) as records, answers and events, and the signal its open
 * event streams and `awaitEnd` wait on: every write that may interest them notifies it.
 */
export class RunStore {
  private readonly changes = new ChangeSignal();
  /** Whether the tables exist; they come with the run's row (run-sql.ts insertRun). */
  private tables = false;

  constructor(private readonly sql: SqlStorage) {}

  row(): store.RunRow | null {
    this.tables ||= store.hasSchema(this.sql);
    return this.tables ? store.selectRun(this.sql) : null;
  }

  record(): RunRecord | null {
    const row = this.row();
    return row === null ? null : (JSON.parse(row.record) as RunRecord);
  }

  spec(): RunSpec | null {
    const row = this.row();
    return row === null ? null : (JSON.parse(row.spec) as RunSpec);
  }

  answer(): GatewayAnswer | null {
    const answer = this.row()?.answer ?? null;
    return answer === null ? null : (JSON.parse(answer) as GatewayAnswer);
  }

  insert(spec: RunSpec, record: RunRecord): void {
    store.insertRun(this.sql, { spec: JSON.stringify(spec), record: JSON.stringify(record) });
    this.tables = true;
    appendEvent(this.sql, { type: "status", status: record.status });
  }

  /** A run that ended in its request, written at once: as end() leaves one, effects done. */
  insertEnded(ended: EndedRun): void {
    const { spec, record, answer } = ended;
    this.insert(spec, record);
    store.storeAnswer(this.sql, JSON.stringify(answer));
    this.emit({ type: "result", run: runStatusBody(record) });
    this.effectsDone();
  }

  markAsked(args: { askedAt: number; deadlineAt: number }): void {
    store.markAsked(this.sql, args);
  }

  save(record: RunRecord): void {
    store.updateRecord(this.sql, JSON.stringify(record));
  }

  emit(event: RunEvent): void {
    if (appendEvent(this.sql, event)) this.changes.notify();
  }

  setStatus(status: RunState): void {
    const record = this.record();
    if (record === null || record.status === status || isFinal(record)) return;
    const startedAt = status === "working" ? (record.startedAt ?? Date.now()) : record.startedAt;
    this.save({ ...record, status, startedAt });
    this.emit({ type: "status", status });
  }

  /** The end as written at once: the final record, SPEC's answer, the closing events. */
  end(args: { before: RunRecord; final: RunRecord; answer: GatewayAnswer }): void {
    closeLog(this.sql, args.before.progress);
    this.save(args.final);
    store.storeAnswer(this.sql, JSON.stringify(args.answer));
    appendEvent(this.sql, { type: "status", status: args.final.status });
    this.emit({ type: "result", run: runStatusBody(args.final) });
  }

  effectsDone(): void {
    store.markEffectsDone(this.sql);
    this.changes.notify();
  }

  /** Events after `after`; null when the run is gone, or ended and the reader is past its end. */
  eventsAfter(after: number, limit: number): store.EventRow[] | null {
    const record = this.record();
    if (record === null) return null;
    const rows = store.selectEventsAfter(this.sql, after, limit);
    return rows.length === 0 && isFinal(record) ? null : rows;
  }

  wait(ms: number): Promise<boolean> {
    return this.changes.wait(ms);
  }

  /** After the object's storage was deleted, tables and all. */
  emptied(): void {
    this.tables = false;
    this.changes.notify();
  }
}
