import { DurableObject } from "cloudflare:workers";
import { CLAIMS_SCHEMA, SQL } from "./claims-sql.js";
import {
  type AdmitArgs,
  type AdmitResult,
  type FinishArgs,
  IDEMPOTENCY_TTL_SECONDS,
} from "./claims-types.js";

/**
 * One instance per (processId, userAddress). Every method runs without awaiting, so each call is
 * atomic: two concurrent executions can never claim the same payment, and a signature can be
 * accepted once only.
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
    if (idem !== undefined) {
      const stored = this.sql.exec(SQL.findIdempotency, idem.route, idem.key).toArray()[0];
      if (stored !== undefined) {
        if (stored.body_hash !== idem.bodyHash) return { kind: "idempotency_conflict" };
        if (typeof stored.status === "number" && typeof stored.body === "string") {
          return { kind: "stored_answer", status: stored.status, body: stored.body };
        }
        return { kind: "idempotency_in_progress" };
      }
      this.sql.exec(
        SQL.insertIdempotency,
        idem.route,
        idem.key,
        idem.bodyHash,
        args.transactionId,
        args.nowSeconds + IDEMPOTENCY_TTL_SECONDS,
      );
    }
    if (args.claimFrom === undefined) return { kind: "admitted", taskId: null };
    const taskId = args.claimFrom.find(
      (id) => this.sql.exec(SQL.findClaim, id).toArray().length === 0,
    );
    if (taskId === undefined) {
      if (idem !== undefined) {
        this.sql.exec(SQL.deleteIdempotency, idem.route, idem.key, args.transactionId);
      }
      return { kind: "no_payment" };
    }
    this.sql.exec(SQL.insertClaim, taskId, args.transactionId, args.nowSeconds);
    return { kind: "admitted", taskId };
  }

  finish(args: FinishArgs): void {
    if (args.taskId !== null) {
      const statement = args.agentSucceeded ? SQL.markUsed : SQL.releaseClaim;
      this.sql.exec(statement, args.taskId, args.transactionId);
    }
    if (args.idempotency === undefined) return;
    if (args.answer === undefined) {
      this.sql.exec(
        SQL.deleteIdempotency,
        args.idempotency.route,
        args.idempotency.key,
        args.transactionId,
      );
      return;
    }
    this.sql.exec(
      SQL.storeAnswer,
      args.answer.status,
      args.answer.body,
      args.idempotency.route,
      args.idempotency.key,
      args.transactionId,
    );
  }

  /** The given payments that no execution of this gateway has claimed. */
  unclaimed(taskIds: readonly string[]): string[] {
    return taskIds.filter((id) => this.sql.exec(SQL.findClaim, id).toArray().length === 0);
  }
}
