import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { FINAL_RUN_STATES } from "#shared/schemas/runs";
import type { CancelResult, RunRecord } from "./run-types.js";

/** The run object's side of a cancel, as POST /api/runs/:transactionId/cancel uses it. */
export type CancelableRun = {
  cancel(): Promise<CancelResult>;
  read(): Promise<RunRecord | null>;
};

/**
 * POST /api/runs/:transactionId/cancel once access is granted: the run object applies the money
 * rule (docs/gateway.md, "Canceling a run") and answers the run as it is after the cancel; a
 * refusal says which part of the rule stopped it, by the run as it is after the refusal (it may
 * have started or ended since it was read).
 */
export async function cancelRun(args: { run: CancelableRun }): Promise<Result<RunRecord>> {
  const { run } = args;
  const result = await run.cancel();
  if (result.ok) return ok(result.run);
  if (result.code === "run_not_found") return fail(appError("run_not_found"));
  const now = await run.read();
  if (now === null) return fail(appError("run_not_cancelable"));
  return fail(appError("run_not_cancelable", notCancelableMessage(now), { status: now.status }));
}

/** Why this run cannot be canceled, in the words of the money rule. */
export function notCancelableMessage(record: RunRecord): string | undefined {
  if (FINAL_RUN_STATES.has(record.status)) {
    return `This run already ended (${record.status}); a final run cannot be canceled`;
  }
  if (record.taskId !== null && record.status === "working") {
    return 'A paid run cannot be canceled once its agent has started: it ends with the agent\'s answer or its time limit, and its ledger outcome follows what the agent produced (docs/gateway.md, "Canceling a run")';
  }
  return undefined;
}
