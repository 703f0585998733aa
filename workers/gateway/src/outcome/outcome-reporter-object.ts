import { DurableObject } from "cloudflare:workers";
import { hexToBytes } from "../../../../shared/src/auth/bytes.js";
import { LedgerError } from "../../../../shared/src/ledger/errors.js";
import { gatewayConfig } from "../config.js";
import type { OutcomeReport } from "../execute/run-execute.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount } from "./operator-account.js";
import { type DueReport, OUTCOME_SCHEMA, SQL } from "./outcome-sql.js";

const MAX_BACKOFF_MS = 10 * 60_000;

/** An abort is the ledger's final word (already reported, no longer in escrow, not an agent). */
function isFinal(error: unknown): boolean {
  return error instanceof LedgerError && (error.kind === "abort" || error.kind === "invalid_input");
}

/**
 * The one owner of the operator account: reports are queued in SQLite and sent one at a time
 * from the alarm, so no two transactions of the account race for a sequence number, and a
 * report that fails for a passing reason (node unreachable, sequence moved) is retried with
 * backoff until it commits.
 */
export class OutcomeReporterObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(OUTCOME_SCHEMA);
  }

  async enqueue(report: OutcomeReport): Promise<void> {
    this.sql.exec(
      SQL.insert,
      report.processId,
      report.taskId,
      report.payer,
      report.delivered ? 1 : 0,
      report.resultHash,
      Date.now(),
    );
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null) await this.ctx.storage.setAlarm(Date.now());
  }

  /** Reports not yet committed, for operators and tests. */
  pending(): {
    processId: string;
    taskId: string;
    delivered: boolean;
    attempts: number;
    lastError: string | null;
  }[] {
    return this.sql
      .exec<{
        process_id: string;
        task_id: string;
        delivered: number;
        attempts: number;
        last_error: string | null;
      }>(SQL.pending)
      .toArray()
      .map((r) => ({
        processId: r.process_id,
        taskId: r.task_id,
        delivered: r.delivered === 1,
        attempts: r.attempts,
        lastError: r.last_error,
      }));
  }

  override async alarm(): Promise<void> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    const ledger = gatewayLedger(this.env);
    const due = this.sql.exec<DueReport>(SQL.due, Date.now()).toArray();
    for (const row of due) {
      if (signer === null) break;
      try {
        await ledger.reportOutcome({
          signer,
          processId: row.process_id,
          taskId: row.task_id,
          payer: row.payer,
          delivered: row.delivered === 1,
          // Queued from sha256Hex (or "" for a failed run), so always valid hex.
          resultHash: hexToBytes(row.result_hash) ?? undefined,
        });
        this.sql.exec(SQL.remove, row.id);
      } catch (error) {
        if (isFinal(error)) {
          console.warn("gateway: outcome report refused for good", row.task_id, String(error));
          this.sql.exec(SQL.remove, row.id);
          continue;
        }
        const backoff = Math.min(1_000 * 2 ** row.attempts, MAX_BACKOFF_MS);
        this.sql.exec(SQL.retryLater, Date.now() + backoff, String(error).slice(0, 500), row.id);
      }
    }
    const next = this.sql.exec<{ at: number | null }>(SQL.nextDue).toArray()[0]?.at ?? null;
    if (next !== null && signer !== null)
      await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
