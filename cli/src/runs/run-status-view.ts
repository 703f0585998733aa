import type { RunStatusResponse } from "#shared/schemas/runs";
import { formatKeyValues } from "../output/format.js";
import type { Output } from "../output/output.js";
import { progressText } from "./run-live-view.js";

function outcomeText(outcome: NonNullable<RunStatusResponse["outcome"]>): string {
  return outcome.delivered
    ? "delivered (reported to the ledger)"
    : "failed (reported to the ledger: the payer can refund)";
}

/** A run as GET /api/runs and the cancel answer give it: the RunStatus with --json. */
export function showRunStatus(out: Output, run: RunStatusResponse): void {
  out.result(run, () =>
    formatKeyValues([
      ["process", run.processId],
      ["transaction", run.transactionId],
      ["status", run.status],
      ...(run.taskId === null ? [] : ([["task id", run.taskId]] as const)),
      ...(run.progress === null ? [] : ([["progress", progressText(run.progress)]] as const)),
      ...(run.error === undefined ? [] : ([["error", run.error]] as const)),
      ...(run.outcome === null ? [] : ([["outcome", outcomeText(run.outcome)]] as const)),
      ["kept until", run.expiresAt],
    ]),
  );
  if (run.outcome?.delivered === false && run.taskId !== null) {
    out.note(
      `once the report is on the ledger: agentgate refund -i ${run.processId} -t ${run.taskId}`,
    );
  }
}
