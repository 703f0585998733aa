import type { AbortName } from "#shared/contract/aborts";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { RunClaimResult } from "../outcome/outcome-types.js";
import type { IdempotencyKey } from "./claims-types.js";

/** What the ledger claim needs from an execute's deps (execute/execute-types.ts ExecuteDeps). */
export type LedgerClaimDeps = {
  /** payment::claim_run by the operator account, simulated first (outcome/operator-account-object.ts). */
  claimRun(args: { taskId: string; payer: string }): Promise<RunClaimResult>;
  reports: {
    /** Reserves the FAILED report, or moves a still-reserved one's due time to `failAtMs`. */
    reserve(args: { taskId: string; payer: string; failAtMs: number }): Promise<void>;
    withdraw(args: { taskId: string; payer: string }): Promise<void>;
  };
  claims(): {
    finish(args: {
      transactionId: string;
      taskId: string;
      idempotency?: IdempotencyKey;
    }): Promise<void>;
  };
};

/**
 * How long the run claim may take, queue behind the operator's other transactions included,
 * before the run starts. The first FAILED reservation is due only after this budget plus the run's
 * time limit and grace, and a claim that commits later runs nothing: so a reservation never comes
 * due while its run may still be going (docs/gateway.md, "Across deployments").
 */
export const CLAIM_BUDGET_MS = 60_000;

/**
 * After this deployment's own claim and before the agent: the run claim on the ledger, the only
 * state every deployment shares, so one payment runs once across gateways (docs/gateway.md,
 * "One payment, one attempt"). The FAILED reservation comes first, so a gateway that dies once
 * its claim committed still reports the run failed; a claim the ledger refuses withdraws it, so
 * this gateway never reports on a payment another one runs. A committed claim moves the
 * reservation's due time to `failAfterMs` from then: the claim may have waited behind the operator
 * account's other transactions, and a FAILED report due mid-run would beat the delivered one.
 * Ok: claimed, run it. Otherwise why not, with the local claim kept final (used) and nothing run.
 */
export async function claimRunOnLedger(args: {
  deps: LedgerClaimDeps;
  processId: string;
  transactionId: string;
  taskId: string;
  payer: string;
  /** The run's time limit and the report's grace: when a run not ended by then is reported failed. */
  failAfterMs: number;
  idempotency?: IdempotencyKey;
}): Promise<Result<true>> {
  const { deps, processId, transactionId, taskId, payer } = args;
  const startedAt = Date.now();
  await deps.reports.reserve({
    taskId,
    payer,
    failAtMs: startedAt + CLAIM_BUDGET_MS + args.failAfterMs,
  });
  const claim = await deps.claimRun({ taskId, payer });
  const late = Date.now() - startedAt > CLAIM_BUDGET_MS;
  if (claim.kind === "claimed" && !late) {
    await deps.reports.reserve({ taskId, payer, failAtMs: Date.now() + args.failAfterMs });
    return ok(true);
  }
  // The key, if any, is forgotten (no answer stored): a retry finds the payment used.
  await deps.claims().finish({
    transactionId,
    taskId,
    ...(args.idempotency === undefined ? {} : { idempotency: args.idempotency }),
  });
  if (claim.kind === "claimed") {
    // Claimed by this operator but past the budget: the reservation stays and reports it failed.
    console.error("gateway: run claim over its budget; nothing ran", processId, taskId);
    return fail(
      appError(
        "ledger_unavailable",
        `The run claim took over ${CLAIM_BUDGET_MS / 1000} s to commit on the ledger, so nothing ran; this payment will be reported failed and can then be refunded`,
      ),
    );
  }
  if (claim.kind === "unknown") {
    // The claim may still have committed: the reservation stays, and when it comes due the
    // reporter settles it on the ledger (claims the run if nobody has, then reports it failed).
    console.error("gateway: run claim not confirmed; nothing ran", processId, taskId, claim.reason);
    return fail(
      appError(
        "ledger_unavailable",
        "The run claim could not be confirmed on the ledger, so nothing ran; this payment will be reported failed and can then be refunded",
      ),
    );
  }
  await deps.reports.withdraw({ taskId, payer });
  if (claim.reason === "claimed_elsewhere") {
    return fail(appError("payment_claimed_elsewhere"));
  }
  return fail(appError("payment_already_claimed", unusableMessage(claim.abort)));
}

/** Why the ledger refused the run claim of a payment no gateway can run (payment::claim_run). */
function unusableMessage(abort: AbortName | undefined): string {
  switch (abort) {
    case "ENOT_PROVIDER_OR_AGENT":
      return "This gateway's operator is no longer the provider or an agent of this process, so it cannot run this payment (docs/gateway.md, Across deployments)";
    case "ENOT_IN_ESCROW":
      return "This payment is no longer in escrow (refunded or cancelled), so it cannot pay for a run";
    case "EOUTCOME_ALREADY_SET":
      return "This payment already has an outcome, so it cannot pay for a run (docs/gateway.md, When a payment is usable)";
    case "EOUTCOME_TOO_LATE":
      return "This payment's settle time passed, so it cannot pay for a run (docs/gateway.md, When a payment is usable)";
    default:
      return "The ledger refused to let this payment pay for a run";
  }
}
