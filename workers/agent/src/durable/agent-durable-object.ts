import { DurableObject } from "cloudflare:workers";
import { AGENT_SIGNATURE_LIFETIME_SECONDS } from "#shared/auth/agent-signature";
import type { AgentWorkerEnv } from "../agent-env.js";
import { type LogLimits, parseLogLimits } from "../config/agent-config.js";
import {
  countTaken,
  countTransactions,
  createSchema,
  deleteExpiredTransactions,
  deleteTaken,
  deleteTakenBefore,
  insertFinishedTransaction,
  insertLogLines,
  insertTaken,
  isTaken,
  recordVersionStart,
  selectLogLines,
  selectTransaction,
  type TransactionRow,
} from "./agent-store-sql.js";
import { type QueueEnterArgs, type QueueEntry, RunQueue, type SlotWait } from "./run-queue.js";

/**
 * How long a finished run waits for others to share its commit. Each commit is a storage write;
 * 2 ms is nothing next to a run and lets concurrent runs share one (bench/agent measures it).
 */
const FINISH_BATCH_MS = 2;

/** How often retention runs while there is anything to retain; bounds the overshoot. */
export const RETENTION_INTERVAL_MS = 60_000;

/**
 * How long a taken transactionId is remembered: longer than any signed request for it can be
 * accepted (the skew either way), with room for the clocks of the Worker and the object.
 */
export const TAKEN_KEEP_MS = (AGENT_SIGNATURE_LIFETIME_SECONDS + 300) * 1000;

export type StoredTransaction = {
  transactionId: string;
  status: "completed" | "failed";
  /** The result object as JSON text; null for a failure. */
  resultJson: string | null;
  error: string | null;
  executionTime: number;
  logs: string[];
};

/** An agent's queue, for `begin` to take a slot in the same call (docs/agent.md, "The queue"). */
export type QueueArgs = { maxConcurrentRuns: number; leaseMs: number; waitMs: number };

export type BeginOutcome =
  /**
   * The caller runs the handler and must call finish; with a queue, `slot` says whether it holds
   * one or waits in line (awaitSlot).
   */
  | { kind: "run"; slot?: "started" | "queued" }
  /** The queue is full: nothing was taken, the id stays free. */
  | { kind: "full" }
  /** Already finished: the caller answers with this, without running again. */
  | { kind: "done"; transaction: StoredTransaction }
  /** The id was used with a different request. */
  | { kind: "conflict" }
  /** Another caller is still running it. */
  | { kind: "running" }
  /** A run took the id and never finished (it died, or the instance restarted): never again. */
  | { kind: "taken" };

type FinishArgs = {
  transactionId: string;
  requestHash: string;
  status: "completed" | "failed";
  resultJson: string | null;
  error: string | null;
  executionTime: number;
  logs: readonly string[];
  now: number;
  /** The run held a queue slot: freed in the same commit as its outcome. */
  releaseSlot?: boolean;
};

/** A run in flight: who claimed the id, when, and how a duplicate waits for its end. */
type Claim = {
  requestHash: string;
  claimedAt: number;
  ended: Promise<void>;
  end: () => void;
};

function newClaim(requestHash: string, claimedAt: number): Claim {
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { requestHash, claimedAt, ended, end };
}

/**
 * One per agent process (named by process id): its finished transactions, their log lines and
 * the start time of each version, in SQLite. The Durable Object handles one process's calls one at
 * a time, which is what makes "same transactionId, one run" hold under concurrent requests.
 *
 * A transactionId is taken once, ever (docs/agent.md, "One run per transactionId"): `begin` marks
 * it taken in storage before the run, so neither a restart while it runs (a deploy) nor retention
 * removing its outcome lets a replay of the gateway's signed request run it again. Runs in flight
 * are also claimed in memory, so a duplicate can wait for the first run's outcome; the outcome is
 * written once, when the run ends, in a commit shared with the runs that end alongside it.
 */
export class AgentDurableObject extends DurableObject<AgentWorkerEnv> {
  private readonly sql: SqlStorage;
  private readonly limits: LogLimits;
  private readonly claims = new Map<string, Claim>();
  private readonly queue: RunQueue;
  private pendingFinishes: FinishArgs[] = [];
  private flushing: Promise<void> | null = null;
  /** Saves a storage read per execution once an alarm is known to be set. */
  private retentionScheduled = false;

  constructor(ctx: DurableObjectState, env: AgentWorkerEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.limits = parseLogLimits(env);
    createSchema(this.sql);
    this.queue = new RunQueue(this.sql);
  }

  /** A slot for a run of an agent with maxConcurrentRuns, or a place in its queue (run-queue.ts). */
  enterQueue(args: QueueEnterArgs): QueueEntry {
    return this.queue.enter(args);
  }

  /** Waits, in line, for the slot of a run `enterQueue` queued. */
  awaitSlot(args: { transactionId: string }): Promise<SlotWait> {
    return this.queue.wait(args.transactionId);
  }

  releaseSlot(args: { transactionId: string }): void {
    this.queue.release(args.transactionId);
  }

  /**
   * The caller left before the handler started (docs/agent.md, "Streaming"): its place in line or
   * its slot goes to the next run, and its id is given back, unused, so a retry of the signed
   * request runs it once. Never called once the handler started.
   */
  abandon(args: { transactionId: string }): void {
    this.queue.leave(args.transactionId);
    this.claims.get(args.transactionId)?.end();
    this.claims.delete(args.transactionId);
    deleteTaken(this.sql, args.transactionId);
  }

  /**
   * Claims `transactionId` for a run, or says how it ended. A duplicate that arrives while the
   * first run is in flight waits for it, up to `waitMs` after the claim; a claim older than that
   * belongs to a run that died (the handler's time limit is shorter) and is given up.
   */
  async begin(args: {
    transactionId: string;
    requestHash: string;
    now: number;
    waitMs: number;
    queue?: QueueArgs;
  }): Promise<BeginOutcome> {
    const stored = this.storedOutcome(args);
    if (stored !== null) return stored;

    const claim = this.claims.get(args.transactionId);
    const remaining = claim === undefined ? 0 : claim.claimedAt + args.waitMs - args.now;
    if (claim === undefined || remaining <= 0) {
      // A dead run's claim, or none after a restart: the id is not free if a run ever took it.
      if (!insertTaken(this.sql, args)) return { kind: "taken" };
      const { transactionId, now } = args;
      const slot = args.queue && this.queue.enter({ ...args.queue, transactionId, now });
      if (slot === "full") {
        deleteTaken(this.sql, args.transactionId);
        return { kind: "full" };
      }
      this.claims.set(args.transactionId, newClaim(args.requestHash, args.now));
      await this.scheduleRetention();
      return slot === undefined ? { kind: "run" } : { kind: "run", slot };
    }
    if (claim.requestHash !== args.requestHash) return { kind: "conflict" };

    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      claim.ended,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, remaining);
      }),
    ]);
    if (timer !== undefined) clearTimeout(timer);
    return this.storedOutcome(args) ?? { kind: "running" };
  }

  /**
   * Stores how a run claimed with `begin` ended, with its log lines; a stored outcome stays.
   * Outcomes that arrive together are written in one turn, so they share one commit; each call
   * returns once its outcome is written.
   */
  async finish(args: FinishArgs): Promise<void> {
    this.pendingFinishes.push(args);
    this.flushing ??= scheduler.wait(FINISH_BATCH_MS).then(() => this.flushFinishes());
    await this.flushing;
  }

  private async flushFinishes(): Promise<void> {
    const batch = this.pendingFinishes;
    this.pendingFinishes = [];
    this.flushing = null;
    for (const args of batch) {
      const inserted = insertFinishedTransaction(this.sql, {
        transactionId: args.transactionId,
        requestHash: args.requestHash,
        status: args.status,
        result: args.resultJson,
        error: args.error,
        executionTimeMs: args.executionTime,
        createdAt: args.now,
      });
      if (inserted)
        insertLogLines(this.sql, { transactionId: args.transactionId, lines: args.logs });
    }
    for (const args of batch) {
      this.claims.get(args.transactionId)?.end();
      this.claims.delete(args.transactionId);
      if (args.releaseSlot === true) this.queue.release(args.transactionId);
    }
    await this.scheduleRetention();
  }

  /**
   * For an agent that does not record runs: takes `transactionId` for a run, false when a run
   * already took it (a replay, which must not run again).
   */
  async takeOnce(args: { transactionId: string; now: number }): Promise<boolean> {
    if (!insertTaken(this.sql, args)) return false;
    await this.scheduleRetention();
    return true;
  }

  /** A transaction's log lines, or null when it is unknown (never seen, or retention removed it). */
  transactionLogs(args: { transactionId: string }): { logs: string[] } | null {
    if (selectTransaction(this.sql, args.transactionId) === null) return null;
    return { logs: selectLogLines(this.sql, args.transactionId) };
  }

  /** When `versionId` first started, in ms since the epoch; the first call records `now`. */
  versionStartedAt(args: { versionId: string; now: number }): number {
    return recordVersionStart(this.sql, args);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    deleteExpiredTransactions(this.sql, {
      olderThan: now - this.limits.maxAgeSeconds * 1000,
      keep: this.limits.maxTransactions,
    });
    deleteTakenBefore(this.sql, now - TAKEN_KEEP_MS);
    this.retentionScheduled = countTransactions(this.sql) > 0 || countTaken(this.sql) > 0;
    if (this.retentionScheduled) await this.ctx.storage.setAlarm(now + RETENTION_INTERVAL_MS);
  }

  private async scheduleRetention(): Promise<void> {
    if (this.retentionScheduled) return;
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + RETENTION_INTERVAL_MS);
    }
    this.retentionScheduled = true;
  }

  /** Whether a run ever took `transactionId` (kept for TAKEN_KEEP_MS). */
  wasTaken(args: { transactionId: string }): boolean {
    return isTaken(this.sql, args.transactionId);
  }

  private storedOutcome(args: { transactionId: string; requestHash: string }): BeginOutcome | null {
    const row = selectTransaction(this.sql, args.transactionId);
    if (row === null) return null;
    if (row.request_hash !== args.requestHash) return { kind: "conflict" };
    return { kind: "done", transaction: this.stored(row) };
  }

  private stored(row: TransactionRow): StoredTransaction {
    return {
      transactionId: row.transaction_id,
      status: row.status === "completed" ? "completed" : "failed",
      resultJson: row.result,
      error: row.error,
      executionTime: row.execution_time_ms,
      logs: selectLogLines(this.sql, row.transaction_id),
    };
  }
}
