import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import type { EscrowAction, PaymentRecordJson } from "./escrow-payment.js";

/**
 * A payment's state in plain words (docs/console.md, "My payments"), from the contract's codes
 * (../shared/docs/ledger-contract.md, "payment") and the ledger's clock.
 */
export function statusWords(status: number): string {
  switch (status) {
    case PAYMENT_STATUS.ESCROW:
      return "In escrow";
    case PAYMENT_STATUS.COMPLETED:
      return "Released to the receiver";
    case PAYMENT_STATUS.REFUNDED:
      return "Refunded to the payer";
    case PAYMENT_STATUS.CANCELED:
      return "Canceled, returned to the payer";
    default:
      return `Unknown status ${status}`;
  }
}

export function outcomeWords(outcome: number): string {
  switch (outcome) {
    case OUTCOME.DELIVERED:
      return "Delivered, as the provider reported";
    case OUTCOME.FAILED:
      return "Failed, as the provider reported";
    default:
      return "Not reported yet";
  }
}

/** A ledger time (seconds) as a date anyone reads the same: UTC, to the minute. */
export function ledgerDate(seconds: bigint): string {
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What the deadlines mean for this payment now, in one sentence; null once it is final. */
export function deadlineWords(record: PaymentRecordJson, now: bigint): string | null {
  if (record.status !== PAYMENT_STATUS.ESCROW) return null;
  const settleTime = BigInt(record.settle_time);
  const date = ledgerDate(settleTime);
  if (now > settleTime) {
    return `The refund window closed on ${date}: anyone may settle it now, to the receiver if delivery was reported, otherwise back to the payer.`;
  }
  const refund =
    record.outcome === OUTCOME.FAILED
      ? `Refund possible until ${date}.`
      : `A refund needs a reported failure, until ${date}.`;
  return `${refund} After that anyone may settle it: to the receiver if delivery was reported, otherwise back to the payer.`;
}

export const ACTION_LABELS: Record<EscrowAction, string> = {
  release: "Release to the receiver",
  refund: "Request a refund",
  cancel: "Cancel and return to the payer",
  settle: "Settle",
};

export const ACTION_DONE: Record<EscrowAction, string> = {
  release: "Released",
  refund: "Refunded",
  cancel: "Canceled",
  settle: "Settled",
};
