import { DurableObject } from "cloudflare:workers";
import { gatewayConfig } from "../config.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount, simulatingSigner } from "./operator-account.js";
import { OPERATOR_BATCH_MAX, sendOperatorBatch } from "./operator-batch.js";
import type { OperatorJob } from "./operator-job.js";
import { OperatorQueue } from "./operator-queue.js";
import { OperatorSequence } from "./operator-sequence.js";
import type {
  OutcomeReport,
  ReservationCheck,
  RunClaimResult,
  RunKey,
  SendResult,
} from "./outcome-types.js";
import { checkReservation } from "./reservation-check.js";

const NO_KEY = "OPERATOR_PRIVATE_KEY is not configured";

/**
 * The one owner of the operator account's sequence numbers in this deployment: outcome reports
 * and run claims wait in one line and are sent in batches (operator-batch.ts), so no two of its
 * own transactions race for a sequence number while a busy deployment's runs share the trips to
 * the node; a conflict with another sender of the same key (another deployment) is sent again on
 * a fresh sequence number. Claims go first in each batch (operator-queue.ts), so a paid run's
 * claim never queues behind a backlog of reports.
 */
export class OperatorAccountObject extends DurableObject<GatewayEnv> {
  private readonly sequence = new OperatorSequence();
  /** The operator's transactions accepted by the node and not yet committed (or failed). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly line = new OperatorQueue((jobs) => this.sendBatch(jobs), OPERATOR_BATCH_MAX);

  send(report: OutcomeReport): Promise<SendResult> {
    return new Promise((done) => this.line.add({ kind: "report", report, attempt: 1, done }));
  }

  /**
   * payment::claim_run before a paid run (docs/gateway.md, "One payment, one attempt"):
   * simulated first, so a claim the ledger refuses is never submitted and costs no gas.
   */
  claimRun(key: RunKey): Promise<RunClaimResult> {
    return new Promise((done) => this.line.add({ kind: "claim", key, attempt: 1, done }));
  }

  /** Before a reservation that came due turns into a FAILED report (outcome-reporter-object.ts). */
  async checkReservation(key: RunKey): Promise<ReservationCheck> {
    const signer = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (signer === null) return "retry";
    return checkReservation({
      self: signer.accountAddress.toStringLong(),
      runClaimedBy: () => gatewayLedger(this.env).runClaimedBy(key),
      claimRun: () => this.claimRun(key),
    });
  }

  private async sendBatch(jobs: OperatorJob[]): Promise<void> {
    const account = operatorAccount(gatewayConfig(this.env).operatorPrivateKey);
    if (account === null) {
      for (const job of jobs) {
        if (job.kind === "claim") job.done({ kind: "unknown", reason: NO_KEY });
        else job.done({ kind: "retry", reason: NO_KEY });
      }
      return;
    }
    await sendOperatorBatch({
      jobs,
      deps: {
        signer: simulatingSigner(account),
        transactions: gatewayLedger(this.env).transactions,
        sequence: this.sequence,
        inFlight: this.inFlight,
        requeue: (job) => this.line.add(job),
      },
    });
  }
}
