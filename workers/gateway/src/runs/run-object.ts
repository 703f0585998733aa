import { DurableObject } from "cloudflare:workers";
import type { GatewayAnswer } from "../http/respond.js";
import { AgentCall } from "./agent-call.js";
import { OneAtATime } from "./one-at-a-time.js";
import { endRun } from "./run-end.js";
import { RUN_START_GRACE_MS } from "./run-limits.js";
import type { RunParts } from "./run-parts.js";
import { submittedRecord } from "./run-record.js";
import { eventStream, eventStreamResponse, lastEventIdOf } from "./run-sse.js";
import { stepRun, watchCall } from "./run-step.js";
import { isFinal, RunStore } from "./run-store.js";
import type { CancelResult, EndedRun, RunRecord, RunSpec, RunWatch } from "./run-types.js";

/**
 * One run (docs/gateway.md, "The run object"), one instance per transaction id: admitted by the
 * execute route, then driven by this object's alarm, not by the client's request, so it ends,
 * is reported and can be read even when its client went away (or, for an A2A blocking task's
 * free run, only kept here once it ended in its request: keepEnded). In memory only what a
 * restart may lose: the agent call (agent-call.ts) and the waiters of awaitEnd and event
 * streams; storage says the rest, and a re-fired alarm finishes what a restart cut (run-step.ts).
 */
export class RunObject extends DurableObject<GatewayEnv> {
  private readonly parts: RunParts;
  /** One step of the run at a time: the start's and the alarm's never call the agent twice. */
  private readonly driving = new OneAtATime();

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    const runs = new RunStore(ctx.storage.sql);
    const call = new AgentCall({ env, runs });
    this.parts = { env, storage: ctx.storage, runs, call, settling: new OneAtATime() };
  }

  /** Stores the run as submitted and sets the alarm that runs it; a second start is a no-op. */
  async start(spec: RunSpec): Promise<RunRecord> {
    const existing = this.read();
    if (existing !== null) return existing;
    const now = Date.now();
    const record = submittedRecord(spec, now);
    this.parts.runs.insert(spec, record);
    // The run starts at once, in this object; the alarm is its guarantee: it runs it should this
    // object go away first (docs/gateway.md, "The run object").
    await this.ctx.storage.setAlarm(now + RUN_START_GRACE_MS);
    this.drive().catch((error) => console.error("gateway: run start", spec.transactionId, error));
    return record;
  }

  /**
   * The blocking execute's one call (start-run.ts): starts the run as start() does, then answers
   * as awaitAnswer() does, rather than three calls each waiting on this object.
   */
  async startAndAwait(spec: RunSpec): Promise<GatewayAnswer | null> {
    await this.start(spec);
    return this.awaitAnswer();
  }

  /**
   * Keeps a run that ended in its request (keep-ended.ts): its end as endRun would have left it,
   * effects done (a free run without an Idempotency-Key has none), deleted after its keep time.
   */
  async keepEnded(ended: EndedRun): Promise<void> {
    if (this.read() !== null) return;
    this.parts.runs.insertEnded(ended);
    await this.ctx.storage.setAlarm(ended.record.expiresAt);
  }

  /** The run, or null when unknown or deleted after its keep time. */
  read(): RunRecord | null {
    return this.parts.runs.record();
  }

  /** SPEC's answer of a final run (the blocking execute's bytes), else null. */
  answer(): GatewayAnswer | null {
    return this.parts.runs.answer();
  }

  /** Resolves once the run is final and its end was told to the claims and the outcome queue. */
  async awaitEnd(): Promise<RunRecord> {
    const { runs } = this.parts;
    for (;;) {
      const row = runs.row();
      if (row === null) throw new Error(`run_not_found: no run in this object`);
      const record = JSON.parse(row.record) as RunRecord;
      if (isFinal(record) && row.effects_done === 1) return record;
      await runs.wait(60_000);
    }
  }

  /** SPEC's answer once awaitEnd() resolves: what a blocking execute answers. */
  async awaitAnswer(): Promise<GatewayAnswer | null> {
    await this.awaitEnd();
    return this.answer();
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
    await endRun(this.parts, { kind: "canceled" });
    const run = this.read();
    return run === null ? { ok: false, code: "run_not_found" } : { ok: true, run };
  }

  /**
   * GET .../events in one call (watch-run.ts): the run, which the route's access check reads,
   * and its events after `after`, which the route answers once access is granted; null when
   * the run is unknown or deleted.
   */
  watch(after: number): RunWatch | null {
    const record = this.read();
    if (record === null) return null;
    const { runs } = this.parts;
    return {
      record,
      events: eventStream({
        after,
        // A client already past the `result` event of an ended run gets nothing more: closed.
        next: (from, limit) => runs.eventsAfter(from, limit),
        waitChange: (ms) => runs.wait(ms),
      }),
    };
  }

  /** The run's events after Last-Event-ID as a response (an MCP tool call's progress). */
  override async fetch(request: Request): Promise<Response> {
    const watching = this.watch(lastEventIdOf(request.headers));
    if (watching === null) return Response.json({ code: "run_not_found" }, { status: 404 });
    return eventStreamResponse(watching.events);
  }

  /** The run's next step (run-step.ts); a live call is joined, its alarm set to come back. */
  override async alarm(): Promise<void> {
    if (this.driving.busy && this.parts.call.live) await watchCall(this.parts);
    return this.drive();
  }

  private drive(): Promise<void> {
    return this.driving.run(() => stepRun(this.parts));
  }
}
