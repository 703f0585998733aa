import { DurableObject } from "cloudflare:workers";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import type { GatewayAnswer } from "../http/respond.js";
import { runStepOf } from "./agent-events.js";
import { type RunOutcome, runEndOf } from "./run-answer.js";
import { callAgent } from "./run-call.js";
import { settleRun } from "./run-effects.js";
import {
  RUN_LAST_ASK_MS,
  RUN_REASK_MS,
  RUN_SETTLE_RETRY_MS,
  RUN_START_GRACE_MS,
  RUN_WATCH_MS,
} from "./run-limits.js";
import { finalRecord, submittedRecord } from "./run-record.js";
import { eventStreamResponse, lastEventIdOf } from "./run-sse.js";
import { isFinal, RunStore } from "./run-store.js";
import type { CancelResult, RunRecord, RunSpec } from "./run-types.js";

/**
 * One run (docs/gateway.md, "The run object"), one instance per transaction id: admitted by the
 * execute route, then driven by this object's alarm, not by the client's request, so it ends,
 * is reported and can be read even when its client went away. In memory only what a restart may
 * lose: the agent call's abort and the waiters of awaitEnd and event streams; storage says the
 * rest, and a re-fired alarm finishes what a restart cut.
 */
export class RunObject extends DurableObject<GatewayEnv> {
  private readonly runs: RunStore;
  private call: AbortController | null = null;
  /** The agent said `started` during this call: a later `queued` is not news. */
  private started = false;
  private settling: Promise<void> | null = null;
  private driving: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.runs = new RunStore(ctx.storage.sql);
  }

  /** Stores the run as submitted and sets the alarm that runs it; a second start is a no-op. */
  async start(spec: RunSpec): Promise<RunRecord> {
    const existing = this.read();
    if (existing !== null) return existing;
    const now = Date.now();
    const record = submittedRecord(spec, now);
    this.runs.insert(spec, record);
    // The run starts at once, in this object; the alarm is its guarantee: it runs it should this
    // object go away first (docs/gateway.md, "The run object").
    await this.ctx.storage.setAlarm(now + RUN_START_GRACE_MS);
    this.drive().catch((error) => console.error("gateway: run start", spec.transactionId, error));
    return record;
  }

  /** The run, or null when unknown or deleted after its keep time. */
  read(): RunRecord | null {
    return this.runs.record();
  }

  /** SPEC's answer of a final run (the blocking execute's bytes), else null. */
  answer(): GatewayAnswer | null {
    return this.runs.answer();
  }

  /** Resolves once the run is final and its end was told to the claims and the outcome queue. */
  async awaitEnd(): Promise<RunRecord> {
    for (;;) {
      const row = this.runs.row();
      if (row === null) throw new Error(`run_not_found: no run in this object`);
      const record = JSON.parse(row.record) as RunRecord;
      if (isFinal(record) && row.effects_done === 1) return record;
      await this.runs.wait(60_000);
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
      next: (after, limit) => this.runs.eventsAfter(after, limit),
      waitChange: (ms) => this.runs.wait(ms),
    });
  }

  /**
   * Runs the agent (first step, from start or the alarm); joins a live call and comes back
   * within RUN_WATCH_MS; after a restart mid-call asks the agent again for the same transactionId
   * (it replays a finished run's answer) until the time limit and once past it, then ends it
   * failed; finishes an end a restart cut; deletes the run RUN_KEEP_MS after it ended.
   */
  override async alarm(): Promise<void> {
    if (this.driving !== null && this.call !== null) await this.watch();
    return this.drive();
  }

  /** A live call: the alarm comes back within RUN_WATCH_MS, should this object restart. */
  private async watch(): Promise<void> {
    const deadlineAt = this.runs.row()?.deadline_at ?? null;
    if (deadlineAt === null) return;
    await this.ctx.storage.setAlarm(Math.min(Date.now() + RUN_WATCH_MS, deadlineAt));
  }

  /** One step of the run at a time: the start's and the alarm's never call the agent twice. */
  private drive(): Promise<void> {
    this.driving ??= this.step().finally(() => {
      this.driving = null;
    });
    return this.driving;
  }

  private async step(): Promise<void> {
    const row = this.runs.row();
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
      // One last ask: an agent that finished the run replays its answer (docs/gateway.md, "The
      // run object"); without one, the run failed.
      const last = await this.callOnce(spec, RUN_LAST_ASK_MS);
      if (last.kind === "completed" || last.kind === "failed") return this.end(last);
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
    this.runs.markAsked({ askedAt: now, deadlineAt });
    // Should this object restart mid-call, the alarm asks the agent again within RUN_WATCH_MS.
    await this.ctx.storage.setAlarm(Math.min(now + RUN_WATCH_MS, deadlineAt));
    this.runs.setStatus("working");
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
    if (step.status !== undefined) this.runs.setStatus(step.status);
    if (step.progress !== undefined) this.runs.save({ ...record, progress: step.progress });
    if (step.event !== undefined) this.runs.emit(step.event);
  }

  /**
   * Ends the run once (a cancel and the agent's answer may race: the first wins): the final
   * record, SPEC's answer, the closing events; then the claims object and the outcome queue.
   */
  private async end(outcome: RunOutcome): Promise<void> {
    const record = this.runs.record();
    const spec = this.runs.spec();
    if (record === null || spec === null || isFinal(record)) return;
    const end = runEndOf({
      outcome,
      transactionId: spec.transactionId,
      processId: spec.processId,
      ...(spec.x402Response === undefined ? {} : { x402Response: spec.x402Response }),
    });
    const now = Date.now();
    const final = finalRecord({ record, end, now });
    this.runs.end({ before: record, final, answer: end.answer });
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
    if (this.runs.row()?.effects_done !== 0) return;
    const record = this.read();
    const answer = this.answer();
    if (record === null || answer === null) return;
    await settleRun({ env: this.env, spec, record, answer });
    this.runs.effectsDone();
  }

  private async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.runs.emptied();
  }
}
