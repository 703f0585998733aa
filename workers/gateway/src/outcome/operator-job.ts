import { hexToBytes } from "#shared/auth/bytes";
import { LedgerError } from "#shared/ledger/errors";
import { claimRunCall, type OperatorCall, reportOutcomeCall } from "#shared/ledger/payment";
import type { TxReceipt } from "#shared/ledger/transactions";
import type { OutcomeReport, RunClaimResult, RunKey, SendResult } from "./outcome-types.js";

/**
 * One transaction the operator account owes: a run claim or an outcome report, with the callback
 * that answers its caller, and how many times it was sent on a sequence number another sender
 * took (operator-batch.ts).
 */
export type OperatorJob =
  | { kind: "claim"; key: RunKey; attempt: number; done(result: RunClaimResult): void }
  | { kind: "report"; report: OutcomeReport; attempt: number; done(result: SendResult): void };

/** The entry call the job sends. */
export function callOf(job: OperatorJob): OperatorCall {
  if (job.kind === "claim") return claimRunCall(job.key);
  const { report } = job;
  return reportOutcomeCall({
    processId: report.processId,
    taskId: report.taskId,
    payer: report.payer,
    delivered: report.delivered,
    // Queued from sha256Hex (or "" for a failed run), so always valid hex.
    resultHash: hexToBytes(report.resultHash) ?? undefined,
  });
}

/** The job's transaction committed. */
export function succeed(job: OperatorJob, receipt: TxReceipt): void {
  if (job.kind === "claim") job.done({ kind: "claimed", hash: receipt.hash });
  else job.done({ kind: "committed", hash: receipt.hash });
}

/**
 * The job ended without a commit. A claim the ledger refused (a Move abort: simulated, or on
 * commit) names why; anything else leaves it unknown (the reservation settles it: claims/
 * ledger-claim.ts). A report the ledger refused for good (an abort, a malformed call) is kept
 * visible; anything else is retried by its queue.
 */
export function fail(job: OperatorJob, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  const ledgerError = error instanceof LedgerError ? error : null;
  if (job.kind === "report") {
    const final = ledgerError?.kind === "abort" || ledgerError?.kind === "invalid_input";
    job.done({ kind: final ? "refused" : "retry", reason: detail });
  } else if (ledgerError?.kind !== "abort") {
    job.done({ kind: "unknown", reason: detail });
  } else {
    const abort = ledgerError.abort?.abortName;
    const reason = abort === "ERUN_ALREADY_CLAIMED" ? "claimed_elsewhere" : "unusable";
    job.done({ kind: "refused", reason, ...(abort === undefined ? {} : { abort }), detail });
  }
}
