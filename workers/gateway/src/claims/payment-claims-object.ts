import { DurableObject } from "cloudflare:workers";
import { CLAIMS_SCHEMA, SQL } from "./claims-sql.js";
import {
  type AdmitArgs,
  type AdmitResult,
  type FinishArgs,
  IDEMPOTENCY_MAX_ANSWER_BYTES,
  IDEMPOTENCY_MAX_KEYS,
  IDEMPOTENCY_TTL_SECONDS,
} from "./claims-types.js";

/**
 * One instance per (processId, userAddress). Every method runs without awaiting, so each call is
 * atomic: two concurrent executions can never claim the same payment, and a signature can be
 * accepted once only. A claim is final (docs/gateway.md, "One payment, one attempt").
 */
export class PaymentClaimsObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(CLAIMS_SCHEMA);
  }

  admit(args: AdmitArgs): AdmitResult {
    this.sql.exec(SQL.pruneSignatures, args.nowSeconds);
    this.sql.exec(SQL.pruneIdempotency, args.nowSeconds);
    if (args.proof !== undefined) {
      if (this.sql.exec(SQL.findSignature, args.proof.signature).toArray().length > 0) {
        return { kind: "replayed_signature" };
      }
      this.sql.exec(SQL.insertSignature, args.proof.signature, args.proof.expiresAt);
    }
    const idem = args.idempotency;
    let idempotent = false;
    if (idem !== undefined) {
      const stored = this.sql.exec(SQL.findIdempotency, idem.route, idem.key).toArray()[0];
      if (stored !== undefined) {
        if (stored.body_hash !== idem.bodyHash) return { kind: "idempotency_conflict" };
        if (typeof stored.status === "number" && typeof stored.body === "string") {
          return { kind: "stored_answer", status: stored.status, body: stored.body };
        }
        return { kind: "idempotency_in_progress" };
      }
      if (this.idempotencyUsage().keys < IDEMPOTENCY_MAX_KEYS) {
        this.sql.exec(
          SQL.insertIdempotency,
          idem.route,
          idem.key,
          idem.bodyHash,
          args.transactionId,
          args.nowSeconds + IDEMPOTENCY_TTL_SECONDS,
        );
        idempotent = true;
      }
    }
    if (args.claimFrom === undefined) return { kind: "admitted", taskId: null, idempotent };
    const taskId = args.claimFrom.find(
      (id) => this.sql.exec(SQL.findClaim, id).toArray().length === 0,
    );
    if (taskId === undefined) {
      if (idempotent && idem !== undefined) {
        this.sql.exec(SQL.deleteIdempotency, idem.route, idem.key, args.transactionId);
      }
      return { kind: "no_payment" };
    }
    this.sql.exec(SQL.insertClaim, taskId, args.transactionId, args.nowSeconds);
    return { kind: "admitted", taskId, idempotent };
  }

  finish(args: FinishArgs): void {
    if (args.taskId !== null) this.sql.exec(SQL.markUsed, args.taskId, args.transactionId);
    const idem = args.idempotency;
    if (idem === undefined) return;
    const answer = args.answer;
    const fits =
      answer !== undefined &&
      this.idempotencyUsage().bytes + byteLength(answer.body) <= IDEMPOTENCY_MAX_ANSWER_BYTES;
    if (answer === undefined || !fits) {
      // Over the byte cap the key is forgotten rather than left "in progress" for a day.
      this.sql.exec(SQL.deleteIdempotency, idem.route, idem.key, args.transactionId);
      return;
    }
    this.sql.exec(
      SQL.storeAnswer,
      answer.status,
      answer.body,
      idem.route,
      idem.key,
      args.transactionId,
    );
  }

  /** The given payments that no execution of this gateway has claimed. */
  unclaimed(taskIds: readonly string[]): string[] {
    return taskIds.filter((id) => this.sql.exec(SQL.findClaim, id).toArray().length === 0);
  }

  private idempotencyUsage(): { keys: number; bytes: number } {
    const row = this.sql.exec<{ keys: number; bytes: number }>(SQL.idempotencyUsage).one();
    return { keys: row.keys, bytes: row.bytes };
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
