import { DurableObject } from "cloudflare:workers";
import { operatorAccountStub } from "../durable/stubs.js";
import {
  createSchema,
  type DueReport,
  deleteReport,
  deleteReservation,
  insertReservation,
  markReportRefused,
  nextDueAt,
  queueReport,
  retryReportLater,
  selectDue,
  selectReports,
} from "./outcome-sql.js";
import type { OutcomeReport, QueuedReport } from "./outcome-types.js";

const MAX_BACKOFF_MS = 10 * 60_000;
/** Reports sent per alarm; the rest wait for the next one, so one alarm stays short. */
const BATCH = 50;
const LIST_LIMIT = 500;

/**
 * One process's outcome reports (one instance per process id, docs/gateway.md "Outcome
 * reports"): a backlog of one process never delays another's. The due reports go to the operator
 * account together from the alarm, at most BATCH at a time, retried with backoff until committed;
 * a report the ledger refuses for good is kept, marked refused with its reason.
 */
export class OutcomeReporterObject extends DurableObject<GatewayEnv> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: GatewayEnv) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    createSchema(this.sql);
  }

  /**
   * Before a paid run starts: unless `complete` comes first, a FAILED report goes at `failAtMs`
   * (the run's time limit and a grace period), so a run whose gateway died still ends in an
   * outcome the payer can refund on. Reserving again moves a still-reserved report's due time:
   * the run's window counts from its committed run claim (claims/ledger-claim.ts).
   */
  async reserve(args: {
    processId: string;
    taskId: string;
    payer: string;
    failAtMs: number;
  }): Promise<void> {
    insertReservation(this.sql, args);
    await this.wakeBy(args.failAtMs);
  }

  /**
   * The ledger refused this gateway's run claim: another gateway runs the payment and reports it,
   * so this one never does (docs/gateway.md, "One payment, one attempt").
   */
  withdraw(args: { taskId: string; payer: string }): void {
    deleteReservation(this.sql, args.taskId, args.payer);
  }

  /** The run ended: its outcome is queued to go now. */
  async complete(report: OutcomeReport): Promise<void> {
    const now = Date.now();
    queueReport(this.sql, {
      processId: report.processId,
      taskId: report.taskId,
      payer: report.payer,
      delivered: report.delivered,
      resultHash: report.resultHash,
      dueAt: now,
    });
    await this.wakeBy(now);
  }

  /** Reports not yet on the ledger, oldest first, for operators and tests. */
  list(): QueuedReport[] {
    return selectReports(this.sql, LIST_LIMIT).map((r) => ({
      taskId: r.task_id,
      payer: r.payer,
      state: r.state,
      delivered: r.delivered === 1,
      attempts: r.attempts,
      nextAttemptAt: r.state === "refused" ? null : new Date(r.next_attempt_at).toISOString(),
      lastError: r.last_error,
    }));
  }

  override async alarm(): Promise<void> {
    const operator = operatorAccountStub(this.env);
    // Together, so the operator account's line sends them in one batch (operator-batch.ts)
    // rather than one commit after another: a busy process's backlog drains at the node's pace.
    const due = selectDue(this.sql, Date.now(), BATCH);
    await Promise.all(
      due.map((row) =>
        // A send that broke (the operator object reset) is retried with backoff, that row alone,
        // once every other send of this alarm is answered: none is sent twice at once.
        this.sendDue(operator, row).catch((error: unknown) =>
          this.retryLater(row, error instanceof Error ? error.message : String(error)),
        ),
      ),
    );
    const next = nextDueAt(this.sql);
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }

  private async sendDue(
    operator: ReturnType<typeof operatorAccountStub>,
    row: DueReport,
  ): Promise<void> {
    if (row.state === "reserved") {
      // Only a run this operator claimed on the ledger is its to report (docs/gateway.md,
      // "One payment, one attempt": a gateway that died between its reservation and the
      // refusal of its claim must not report on another gateway's run).
      const check = await operator.checkReservation({
        processId: row.process_id,
        taskId: row.task_id,
        payer: row.payer,
      });
      if (check === "not_ours") {
        console.warn(
          "gateway: a reservation for a run another gateway claimed; dropped",
          row.task_id,
        );
        deleteReport(this.sql, row.task_id, row.payer);
        return;
      }
      if (check === "retry") {
        this.retryLater(row, "the ledger could not say who claimed the run");
        return;
      }
      console.warn("gateway: a paid run never finished; reporting it failed", row.task_id);
    }
    const result = await operator.send({
      processId: row.process_id,
      taskId: row.task_id,
      payer: row.payer,
      // A reservation that came due is a run that never ended: failed.
      delivered: row.state === "queued" && row.delivered === 1,
      resultHash: row.state === "queued" ? row.result_hash : "",
    });
    switch (result.kind) {
      case "committed":
        deleteReport(this.sql, row.task_id, row.payer);
        break;
      case "refused":
        console.warn("gateway: outcome report refused for good", row.task_id, result.reason);
        markReportRefused(this.sql, {
          taskId: row.task_id,
          payer: row.payer,
          error: result.reason.slice(0, 500),
        });
        break;
      case "retry":
        this.retryLater(row, result.reason);
    }
  }

  private retryLater(row: { task_id: string; payer: string; attempts: number }, reason: string) {
    const backoff = Math.min(1_000 * 2 ** row.attempts, MAX_BACKOFF_MS);
    retryReportLater(this.sql, {
      taskId: row.task_id,
      payer: row.payer,
      nextAttemptAt: Date.now() + backoff,
      error: reason.slice(0, 500),
    });
  }

  private async wakeBy(atMs: number): Promise<void> {
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > atMs) await this.ctx.storage.setAlarm(atMs);
  }
}
