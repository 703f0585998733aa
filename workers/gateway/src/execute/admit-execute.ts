import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import { claimRunOnLedger } from "../claims/ledger-claim.js";
import { type Failure, refused } from "../http/failure.js";
import { admit } from "./admit.js";
import type { Admission, ExecuteDeps, ExecuteRequest } from "./execute-types.js";
import { checkPaidRun } from "./paid-run-refusal.js";
import { checkProcessState } from "./process-state.js";
import { newTransactionId } from "./transaction-id.js";

/**
 * How long after a paid run's time limit its reservation turns into a FAILED report when the run
 * never ended (the gateway died mid-run): enough for a slow answer to be written back first.
 */
export const REPORT_GRACE_MS = 60_000;

/**
 * The admission step of POST /api/execute/:processId and MCP tools/call, transport-free, in the
 * order of docs/gateway.md ("Paths a request takes"): context (the one-call view), refusals (the
 * process's state; for a paid process, whether this gateway can report its outcome; `data`
 * against the agent's input schema), `admit` (free, caller proof, idempotency, x402: admit.ts),
 * and for a paid run its claim on the ledger (claims/ledger-claim.ts). Then the run may start:
 * nothing is left to check, and the claims made are the run's to finish.
 */
export async function admitExecute(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
}): Promise<Admission> {
  const { request, deps } = args;
  const { processId } = request;
  const fail = (failure: Failure) => ({ ok: false as const, failure });
  // A run the agent or the data stops before anything is claimed: SPEC's failed run, under a
  // transaction id of its own although nothing ran (docs/gateway.md, "Execute").
  const failRun = (error: AppError) =>
    fail({ kind: "failed_run", error, transactionId: newTransactionId(), processId });

  const context = await deps.loadContext({ fresh: request.idempotencyKey !== null });
  const state = checkProcessState(context);
  if (!state.ok) return fail(refused(state.error, processId));
  const resolved = deps.resolveTarget(context.serviceUrl);
  if (!resolved.ok) return failRun(agentUnavailable(resolved.message));
  const paid = context.pricing?.requiresPrepayment === true;
  if (paid) {
    const payable = checkPaidRun(context, deps.operator);
    if (!payable.ok) return fail(refused(payable.error, processId));
  }
  // Data the agent's schema refuses would fail the run: refused before any claim, so nothing is
  // spent (docs/gateway.md, "Execute").
  const dataCheck = await deps.checkData({
    target: resolved.target,
    serviceUrl: context.serviceUrl,
    ownerAddress: context.owner,
    data: request.body.data,
  });
  if (!dataCheck.ok) return failRun(withReason(dataCheck.error));

  const admission = await admit({ request, deps, context, paid });
  if (!admission.ok) return admission;
  const { admitted } = admission;
  const { transactionId, taskId, idempotency, x402Response } = admitted;
  if (taskId !== null) {
    const claim = await claimRunOnLedger({
      deps,
      processId,
      transactionId,
      taskId,
      payer: request.body.userAddress,
      failAfterMs: deps.timeoutMs + REPORT_GRACE_MS,
      ...(idempotency === null ? {} : { idempotency }),
    });
    // A payment this request committed (pay and run) is spent all the same: its receipt goes too.
    if (!claim.ok) {
      return fail({
        kind: "refused",
        error: claim.error,
        processId,
        ...(x402Response === undefined ? {} : { x402: { response: x402Response } }),
      });
    }
  }
  return { ok: true, run: { ...admitted, context, target: resolved.target } };
}

/** The agent cannot be called or gave no usable answer: the reason goes to the caller too. */
export function agentUnavailable(reason: string): AppError {
  return appError("agent_unavailable", reason, { reason });
}

/**
 * An agent_unavailable refusal from the schema step, with its reason as `details.reason` too,
 * beside the limit the bounded read names (`route`, `limitBytes`, `deadlineMs`).
 */
function withReason(error: AppError): AppError {
  if (error.code !== "agent_unavailable" || error.details?.reason !== undefined) return error;
  return { ...error, details: { ...error.details, reason: errorMessage(error) } };
}
