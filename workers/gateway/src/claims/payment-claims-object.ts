import { DurableObject } from "cloudflare:workers";
import { earliestExpiry, holdsNothing } from "./claims-cleanup-sql.js";
import {
  createSchema,
  deleteIdempotency,
  idempotencyUsage,
  insertClaim,
  insertIdempotency,
  isClaimed,
  markClaimUsed,
  pruneExpired,
  selectIdempotency,
  spendSignature,
  storeIdempotentAnswer,
} from "./claims-sql.js";
import {
  type AdmitArgs,
  type AdmitResult,
  type FinishArgs,
  IDEMPOTENCY_MAX_ANSWER_BYTES,
  IDEMPOTENCY_MAX_KEYS,
  IDEMPOTENCY_TTL_SECONDS,
  type PaidRunsArgs,
  type PaidRunsResult,
} from "./claims-types.js";
import { countPaidRuns, selectPaidRuns } from "./paid-runs-sql.js";

/**
 * One instance per (processId, userAddress). Every method runs without awaiting, so each call is
 * atomic: two concurrent executions can never claim the same payment, and a signature can be
 * accepted once only. A claim is final (docs/gateway.md, "One payment, one attempt").
 *
 * Anyone can make one: a caller proof from a key made a moment ago passes for an account with
 * no ledger record, and spends its signature here. So the rows that expire are pruned by an
 * alarm at the earliest expiry, and an object left with nothing is deleted whole: a stranger's
 * key leaves no storage behind (docs/gateway.md, "Caller proof").
 */
export class PaymentClaimsObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;
  /** False once the object deleted itself: the next call makes its tables again. */
  private tables = true;
  /** Whether this instance set the clean-up alarm and it has not fired yet. */
  private cleanupSet = false;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createSchema(this.sql);
  }

  override async alarm(): Promise<void> {
    this.cleanupSet = false;
    if (!this.tables) return;
    pruneExpired(this.sql, Math.floor(Date.now() / 1000));
    if (holdsNothing(this.sql)) {
      await this.ctx.storage.deleteAll();
      this.tables = false;
      return;
    }
    this.scheduleCleanup();
  }

  /** The alarm at the earliest expiry, unless one is set (a row expires a second after it). */
  private scheduleCleanup(): void {
    if (this.cleanupSet) return;
    const next = earliestExpiry(this.sql);
    if (next === null) return;
    this.cleanupSet = true;
    // Not awaited: the object's storage writes are ordered, and its answer waits for them.
    void this.ctx.storage.setAlarm((next + 1) * 1000);
  }

  /** The tables, made again when the object deleted itself, and what expired by `nowSeconds` gone. */
  private ready(nowSeconds: number | null): void {
    if (!this.tables) createSchema(this.sql);
    this.tables = true;
    if (nowSeconds !== null) pruneExpired(this.sql, nowSeconds);
  }

  admit(args: AdmitArgs): AdmitResult {
    this.ready(args.nowSeconds);
    const result = this.admitted(args);
    // Only a proof or a key writes a row that expires: a plain claim needs no clean-up.
    if (args.proof !== undefined || args.idempotency !== undefined) this.scheduleCleanup();
    return result;
  }

  private admitted(args: AdmitArgs): AdmitResult {
    if (args.proof !== undefined && !spendSignature(this.sql, args.proof)) {
      return { kind: "replayed_signature" };
    }
    const idem = args.idempotency;
    let idempotent = false;
    if (idem !== undefined) {
      const stored = selectIdempotency(this.sql, idem.route, idem.key);
      if (stored !== null) {
        if (stored.body_hash !== idem.bodyHash) return { kind: "idempotency_conflict" };
        if (typeof stored.status === "number" && typeof stored.body === "string") {
          return { kind: "stored_answer", status: stored.status, body: stored.body };
        }
        return { kind: "idempotency_in_progress" };
      }
      if (idempotencyUsage(this.sql).keys < IDEMPOTENCY_MAX_KEYS) {
        insertIdempotency(this.sql, {
          route: idem.route,
          key: idem.key,
          bodyHash: idem.bodyHash,
          transactionId: args.transactionId,
          expiresAt: args.nowSeconds + IDEMPOTENCY_TTL_SECONDS,
        });
        idempotent = true;
      }
    }
    if (args.claimFrom === undefined) return { kind: "admitted", taskId: null, idempotent };
    const taskId = args.claimFrom.find((id) => !isClaimed(this.sql, id));
    if (taskId === undefined) {
      if (idempotent && idem !== undefined) {
        deleteIdempotency(this.sql, { ...idem, transactionId: args.transactionId });
      }
      return { kind: "no_payment" };
    }
    insertClaim(this.sql, {
      taskId,
      transactionId: args.transactionId,
      claimedAt: args.nowSeconds,
    });
    return { kind: "admitted", taskId, idempotent };
  }

  finish(args: FinishArgs): void {
    this.ready(null);
    if (args.taskId !== null) markClaimUsed(this.sql, args.taskId, args.transactionId);
    const idem = args.idempotency;
    if (idem === undefined) return;
    const answer = args.answer;
    const fits =
      answer !== undefined &&
      idempotencyUsage(this.sql).bytes + byteLength(answer.body) <= IDEMPOTENCY_MAX_ANSWER_BYTES;
    if (answer === undefined || !fits) {
      // Over the byte cap the key is forgotten rather than left "in progress" for a day.
      deleteIdempotency(this.sql, { ...idem, transactionId: args.transactionId });
      return;
    }
    storeIdempotentAnswer(this.sql, {
      route: idem.route,
      key: idem.key,
      transactionId: args.transactionId,
      status: answer.status,
      body: answer.body,
    });
  }

  /**
   * A page of the payer's paid runs on this process, newest first (A2A's ListTasks,
   * docs/gateway.md "A2A"). The proof is spent in the same atomic call, as admit spends it: a
   * listing is read once per signature.
   */
  paidRuns(args: PaidRunsArgs): PaidRunsResult {
    this.ready(args.nowSeconds);
    if (!spendSignature(this.sql, args.proof)) return { kind: "replayed_signature" };
    this.scheduleCleanup();
    // One row past the page says whether another page follows.
    const ids = selectPaidRuns(this.sql, { ...args, limit: args.limit + 1 });
    return {
      kind: "page",
      transactionIds: ids.slice(0, args.limit),
      more: ids.length > args.limit,
      total: countPaidRuns(this.sql, args.sinceSeconds),
    };
  }

  /** The given payments that no execution of this gateway has claimed. */
  unclaimed(taskIds: readonly string[]): string[] {
    if (!this.tables) return [...taskIds];
    return taskIds.filter((id) => !isClaimed(this.sql, id));
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
