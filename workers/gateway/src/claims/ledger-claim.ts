import { appError } from "#shared/errors/app-error";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import type { RunClaimResult } from "../outcome/outcome-types.js";
import type { IdempotencyKey } from "./claims-types.js";

/** What the ledger claim needs from an execute's deps (execute/run-execute.ts ExecuteDeps). */
export type LedgerClaimDeps = {
  /** payment::claim_run by the operator account, simulated first (outcome/operator-account-object.ts). */
  claimRun(args: { taskId: string; payer: string }): Promise<RunClaimResult>;
  reports: {
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
 * After this deployment's own claim and before the agent: the run claim on the ledger, the only
 * state every deployment shares, so one payment runs once across gateways (docs/gateway.md,
 * "One payment, one attempt"). The FAILED reservation comes first, so a gateway that dies once
 * its claim committed still reports the run failed; a claim the ledger refuses withdraws it, so
 * this gateway never reports on a payment another one runs. Null: claimed, run it. Otherwise the
 * answer, with the local claim kept final (used) and nothing run.
 */
export async function claimRunOnLedger(args: {
  deps: LedgerClaimDeps;
  processId: string;
  transactionId: string;
  taskId: string;
  payer: string;
  failAtMs: number;
  idempotency?: IdempotencyKey;
}): Promise<GatewayAnswer | null> {
  const { deps, processId, transactionId, taskId, payer } = args;
  await deps.reports.reserve({ taskId, payer, failAtMs: args.failAtMs });
  const claim = await deps.claimRun({ taskId, payer });
  if (claim.kind === "claimed") return null;
  // The key, if any, is forgotten (no answer stored): a retry finds the payment used.
  await deps.claims().finish({
    transactionId,
    taskId,
    ...(args.idempotency === undefined ? {} : { idempotency: args.idempotency }),
  });
  if (claim.kind === "unknown") {
    // The claim may still have committed: the reservation stays, and when it comes due the
    // reporter settles it on the ledger (claims the run if nobody has, then reports it failed).
    console.error("gateway: run claim not confirmed; nothing ran", processId, taskId, claim.reason);
    return errorAnswer(
      appError(
        "ledger_unavailable",
        "The run claim could not be confirmed on the ledger, so nothing ran; this payment will be reported failed and can then be refunded",
      ),
      { processId },
    );
  }
  await deps.reports.withdraw({ taskId, payer });
  if (claim.reason === "claimed_elsewhere") {
    return errorAnswer(appError("payment_claimed_elsewhere"), { processId });
  }
  return errorAnswer(
    appError(
      "payment_already_claimed",
      "This payment cannot pay for a run any more: it has an outcome or its settle time passed (docs/gateway.md, When a payment is usable)",
    ),
    { processId },
  );
}
