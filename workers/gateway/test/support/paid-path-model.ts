/**
 * The property test's model of issue 12's paid path and the invariants it checks after every
 * step (docs/architecture.md, "Paths a request takes"; docs/ledger-contract.md, payment
 * transitions). Plain functions over what the test saw and what the ledger says.
 */
import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import type { GatewayContext, LedgerPaymentRecord } from "#shared/ledger/records";

/**
 * Seconds of settle time a payment must have left for the gateway to use it: the gateway's
 * margin (SETTLE_MARGIN_SECONDS 600 + the pool's 2 s agent limit). The sequences move the clock
 * only in steps of 3,000 s and 700,000 s against a 604,800 s refund window, so every payment is
 * either >= 1,800 s from its settle time or past it: any margin from ~10 s to ~1,700 s reads
 * the same, and the model does not depend on the exact figure.
 */
export const MODEL_MARGIN_SECONDS = 602n;

export type ModelPayment = {
  processId: string;
  taskId: string;
  payer: Ed25519Account;
  amount: bigint;
  /** Runs the gateway's answers showed on this payment: transactionId and whether it succeeded. */
  answeredRuns: { transactionId: string; succeeded: boolean }[];
  /** The payer's release_payment committed. */
  released: boolean;
  /** The provider side's own report_outcome(delivered = false) committed. */
  providerReportedFailure: boolean;
  /** The provider side's own report_outcome committed (either way). */
  providerReported: boolean;
};

/** Would the gateway run on this open payment now (issue 12's rule)? */
export function usable(args: {
  payment: GatewayContext["openPayments"][number];
  context: GatewayContext;
  model: ModelPayment | undefined;
}): boolean {
  const { payment, context, model } = args;
  const price = context.pricing?.taskPrice ?? 0n;
  return (
    payment.outcome === OUTCOME.NONE &&
    payment.settleTime > context.now + MODEL_MARGIN_SECONDS &&
    payment.amount >= price &&
    // A claim is final: a payment that paid for an attempt never pays for another.
    (model === undefined || model.answeredRuns.length === 0)
  );
}

/**
 * The per-payment invariants of issue 12's "Done when". Returns the broken ones, in words.
 * `agentRuns` is what the counting agent saw on this payment.
 */
export function brokenInvariants(args: {
  payment: ModelPayment;
  record: LedgerPaymentRecord;
  agentRuns: readonly string[];
}): string[] {
  const { payment, record, agentRuns } = args;
  const broken: string[] = [];
  const name = `${payment.processId}/${payment.taskId}`;
  if (payment.answeredRuns.length > 1) {
    broken.push(`${name} ran ${payment.answeredRuns.length} times by the gateway's answers`);
  }
  if (agentRuns.length > 1) broken.push(`${name} ran ${agentRuns.length} times on the agent`);
  const succeeded = payment.answeredRuns.some((r) => r.succeeded);
  const returned =
    record.status === PAYMENT_STATUS.REFUNDED || record.status === PAYMENT_STATUS.CANCELED;
  if (succeeded && returned && !payment.providerReportedFailure) {
    broken.push(`${name} paid for a successful run and went back to its payer`);
  }
  if (
    record.status === PAYMENT_STATUS.COMPLETED &&
    record.outcome !== OUTCOME.DELIVERED &&
    !payment.released
  ) {
    broken.push(`${name} paid its receiver without a delivered outcome or the payer's release`);
  }
  // The receipt of the run that ran is what the ledger holds (no report dropped silently),
  // unless the provider side reported first on its own.
  const [run] = payment.answeredRuns;
  if (run !== undefined && record.outcome !== OUTCOME.NONE && !payment.providerReported) {
    const expected = run.succeeded ? OUTCOME.DELIVERED : OUTCOME.FAILED;
    if (payment.answeredRuns.every((r) => r.succeeded === run.succeeded)) {
      if (record.outcome !== expected) {
        broken.push(
          `${name}: the ledger's outcome ${record.outcome} is not the run's (${expected})`,
        );
      }
    }
  }
  return broken;
}
