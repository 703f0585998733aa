import { DurableObject } from "cloudflare:workers";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { FINAL_RUN_STATES, type RunEvent, type RunState } from "#shared/schemas/runs";
import type { GatewayAnswer } from "../http/respond.js";
import { runStepOf } from "./agent-events.js";
import { ChangeSignal } from "./change-signal.js";
import { type RunOutcome, runEndOf } from "./run-answer.js";
import { callAgent } from "./run-call.js";
import { settleRun } from "./run-effects.js";
import { appendEvent, closeLog } from "./run-events.js";
import { RUN_REASK_MS, RUN_SETTLE_RETRY_MS, RUN_START_GRACE_MS } from "./run-limits.js";
import { finalRecord, submittedRecord } from "./run-record.js";
import * as store from "./run-sql.js";
import { eventStreamResponse, lastEventIdOf } from "./run-sse.js";
import { runStatusBody } from "./run-status.js";
import type { CancelResult, RunRecord, RunSpec } from "./run-types.js";

const isFinal = (record: RunRecord) => FINAL_RUN_STATES.has(record.status);

/**
 * One run (docs/gateway.md, "The run object"), one instance per transaction id: admitted by the
 * execute route, then driven by this object's alarm, not by the client's request, so it ends,
 * is reported and can be read even when its client went away. In memory only what a restart may
 * lose: the agent call's abort and the waiters of awaitEnd and event streams; storage says the
 * rest, and a re-fired alarm finishes what a restart cut.
 */
export class RunObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;
  private call: AbortController | null = null;
  /** The agent said `started` during this call: a later `queued` is not news. */
  private started = false;
  private readonly changes = new ChangeSignal();
  private settling: Promise<void> | null = null;
  private driving: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    store.createSchema(this.sql);
  }

  /** Stores the run as submitted and sets the alarm that runs it; a second start is a no-op. */
  async start(spec: RunSpec): Promise<RunRecord> {
    const existing = this.read();
    if (existing !== null) return existing;
    const now = Date.now();
    const record = submittedRecord(spec, now);
    store.insertRun(this.sql, { spec: JSON.stringify(spec), record: JSON.stringify(record) });
    appendEvent(this.sql, { type: "status", status: "submitted" });
    // The run starts at once, in this object; the alarm is its guarantee: it runs it should this
    // object go away first (docs/gateway.md, "The run object").
    await this.ctx.storage.setAlarm(now + RUN_START_GRACE_MS);
    this.drive().catch((error) => console.error("gateway: run start", spec.transactionId, error));
    return record;
  }

  /** The run, or null when unknown or deleted after its keep time. */
  read(): RunRecord | null {
    const row = store.selectRun(this.sql);
    return row === null ? null : (JSON.parse(row.record) as RunRecord);
  }

  /** SPEC's answer of a final run (the blocking execute's bytes), else null. */
  answer(): GatewayAnswer | null {
    const answer = store.selectRun(this.sql)?.answer ?? null;
    return answer === null ? null : (JSON.parse(answer) as GatewayAnswer);
  }

  /** Resolves once the run is final and its end was told to the claims and the outcome queue. */
  async awaitEnd(): Promise<RunRecord> {
    for (;;) {
      const row = store.selectRun(this.sql);
      if (row === null) throw new Error(`run_not_found: no run in this object`);
      const record = JSON.parse(row.record) as RunRecord;
      if (isFinal(record) && row.effects_done === 1) return record;
      await this.changes.wait(60_000);
    }
  }

  /** The money rule of docs/gateway.md, "Canceling a run". */
  async cancel(): Promise<CancelResult> {
    const record = this.read();
    if (record === null) return { ok: false, code: "run_not_found" };
    // A paid run the agent works on ends by its answer or its time limit: stopping it would
    // refund work the payer may have seen streamed, or charge for work never delivered.
    if (isFinal(record) || (record.taskId !== null && record.status !== "submitted")) {
      return { ok: false, code: "run_not_cancelable" };
    }
    await this.end({ kind: "canceled" });
    const run = this.read();
    return run === null ? { ok: false, code: "run_not_found" } : { ok: true, run };
  }

  /** GET .../events (the route authenticates first): the run's events after Last-Event-ID. */
  override async fetch(request: Request): Promise<Response> {
    if (this.read() === null) return Response.json({ code: "run_not_found" }, { status: 404 });
    return eventStreamResponse({
      after: lastEventIdOf(request.headers),
      // A client already past the `result` event of an ended run gets nothing more: closed.
      next: (after, limit) => {
        const record = this.read();
        if (record === null) return null;
        const rows = store.selectEventsAfter(this.sql, after, limit);
        return rows.length === 0 && isFinal(record) ? null : rows;
      },
      waitChange: (ms) => this.changes.wait(ms),
    });
  }

  /**
   * Runs the agent (first step, from start or the alarm); after a restart mid-call asks the agent again for the same
   * transactionId (it replays a finished run's answer) until the time limit, then ends it
   * failed; finishes an end a restart cut; deletes the run RUN_KEEP_MS after it ended.
   */
  override alarm(): Promise<void> {
    return this.drive();
  }

  /** One step of the run at a time: the start's and the alarm's never call the agent twice. */
  private drive(): Promise<void> {
    this.driving ??= this.step().finally(() => {
      this.driving = null;
    });
    return this.driving;
  }

  private async step(): Promise<void> {
    const row = store.selectRun(this.sql);
    if (row === null) return;
    const record = JSON.parse(row.record) as RunRecord;
    const spec = JSON.parse(row.spec) as RunSpec;
    if (isFinal(record)) {
      if (row.effects_done === 0) await this.settle(spec);
      if (Date.now() >= record.expiresAt) return this.forget();
      return this.ctx.storage.setAlarm(record.expiresAt);
    }
    const now = Date.now();
    if (row.asked_at === null || row.deadline_at === null) return this.ask(spec, now);
    if (now >= row.deadline_at) {
      return this.end({
        kind: "failed",
        error: `Agent did not answer within ${spec.timeoutMs} ms`,
      });
    }
    const outcome = await this.callOnce(spec, row.deadline_at - now);
    if (outcome.kind === "unexpected") {
      // No answer about the run: the agent's 409 (it still runs it, or the run died there), or
      // not reachable now. Ask again, until the time limit.
      await this.ctx.storage.setAlarm(Math.min(Date.now() + RUN_REASK_MS, row.deadline_at));
      return;
    }
    await this.end(outcome);
  }

  /** The first call of the agent: the run is working from the moment the request is sent. */
  private async ask(spec: RunSpec, now: number): Promise<void> {
    const deadlineAt = now + spec.timeoutMs;
    store.markAsked(this.sql, { askedAt: now, deadlineAt });
    // Should this object restart mid-call, the alarm fires again by the time limit at the latest.
    await this.ctx.storage.setAlarm(deadlineAt);
    this.setStatus("working");
    const outcome = await this.callOnce(spec, spec.timeoutMs);
    await this.end(outcome);
  }

  private async callOnce(spec: RunSpec, timeoutMs: number): Promise<RunOutcome> {
    const call = new AbortController();
    this.call = call;
    this.started = false;
    try {
      return await callAgent({
        env: this.env,
        spec,
        timeoutMs,
        signal: call.signal,
        onEvent: (event) => this.onAgentEvent(event),
      });
    } finally {
      if (this.call === call) this.call = null;
    }
  }

  /** The agent's stream, as run events (agent-events.ts): advisory, it never ends the run. */
  private onAgentEvent(event: AgentStreamEvent): void {
    const record = this.read();
    if (record === null || isFinal(record)) return;
    const step = runStepOf({ event, record, started: this.started });
    this.started = step.started;
    if (step.status !== undefined) this.setStatus(step.status);
    if (step.progress !== undefined) this.save({ ...record, progress: step.progress });
    if (step.event !== undefined) this.emit(step.event);
  }

  private setStatus(status: RunState): void {
    const record = this.read();
    if (record === null || record.status === status || isFinal(record)) return;
    const startedAt = status === "working" ? (record.startedAt ?? Date.now()) : record.startedAt;
    this.save({ ...record, status, startedAt });
    this.emit({ type: "status", status });
  }

  /**
   * Ends the run once (a cancel and the agent's answer may race: the first wins): the final
   * record, SPEC's answer, the closing events; then the claims object and the outcome queue.
   */
  private async end(outcome: RunOutcome): Promise<void> {
    const row = store.selectRun(this.sql);
    if (row === null) return;
    const record = JSON.parse(row.record) as RunRecord;
    if (isFinal(record)) return;
    const spec = JSON.parse(row.spec) as RunSpec;
    const end = runEndOf({
      outcome,
      transactionId: spec.transactionId,
      processId: spec.processId,
      ...(spec.x402Response === undefined ? {} : { x402Response: spec.x402Response }),
    });
    const now = Date.now();
    const final = finalRecord({ record, end, now });
    closeLog(this.sql, record.progress);
    this.save(final);
    store.storeAnswer(this.sql, JSON.stringify(end.answer));
    appendEvent(this.sql, { type: "status", status: final.status });
    this.emit({ type: "result", run: runStatusBody(final) });
    this.call?.abort();
    // Should the effects below be cut by a restart, the alarm does them again a little later.
    await this.ctx.storage.setAlarm(now + RUN_SETTLE_RETRY_MS);
    await this.settle(spec);
    await this.ctx.storage.setAlarm(final.expiresAt);
  }

  /** Once at a time: the end and a re-fired alarm must not queue the outcome twice. */
  private settle(spec: RunSpec): Promise<void> {
    this.settling ??= this.settleOnce(spec).finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  private async settleOnce(spec: RunSpec): Promise<void> {
    if (store.selectRun(this.sql)?.effects_done !== 0) return;
    const record = this.read();
    const answer = this.answer();
    if (record === null || answer === null) return;
    await settleRun({ env: this.env, spec, record, answer });
    store.markEffectsDone(this.sql);
    this.changes.notify();
  }

  private async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    store.createSchema(this.sql);
    this.changes.notify();
  }

  private save(record: RunRecord): void {
    store.updateRecord(this.sql, JSON.stringify(record));
  }

  private emit(event: RunEvent): void {
    if (appendEvent(this.sql, event)) this.changes.notify();
  }
}
