import type { AbortName } from "#shared/contract/aborts";
/** One outcome report: what the operator account writes with payment::report_outcome. */
export type OutcomeReport = {
  processId: string;
  taskId: string;
  payer: string;
  delivered: boolean;
  /** Lowercase hex of SHA-256 of the result; "" for a failed run. */
  resultHash: string;
};

/** What one attempt to send a report ended in (the operator account's answer). */
export type SendResult =
  | { kind: "committed"; hash: string }
  /** The ledger refused it for good (an abort, a malformed call): kept visible, not retried. */
  | { kind: "refused"; reason: string }
  /** A passing failure (node unreachable, sequence moved, no key yet): retried with backoff. */
  | { kind: "retry"; reason: string };

/** A report not yet on the ledger, as GET /api/reports/:processId shows it. */
export type QueuedReport = {
  taskId: string;
  payer: string;
  /** reserved: its run is under way; queued: waiting to be sent; refused: the ledger said no. */
  state: "reserved" | "queued" | "refused";
  delivered: boolean;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
};

/** A payment's key, as the run claim names it (payment::claim_run). */
export type RunKey = { processId: string; taskId: string; payer: string };

/** What claiming a payment's run on the ledger ended in (docs/gateway.md, "One payment, one attempt"). */
export type RunClaimResult =
  | { kind: "claimed"; hash: string }
  /**
   * The ledger refused it (the simulation predicted the abort, so nothing was submitted):
   * `claimed_elsewhere` when another operator, or another deployment with this key, holds the
   * claim; `unusable` when the payment can no longer pay for a run (outcome set, out of escrow,
   * settle time passed, this operator not on the provider side); `abort` names which.
   */
  | {
      kind: "refused";
      reason: "claimed_elsewhere" | "unusable";
      abort?: AbortName;
      detail: string;
    }
  /** Not known: node unreachable, no key, or a submit whose commit was not seen. */
  | { kind: "unknown"; reason: string };

/**
 * Whether a reservation that came due (its gateway died mid-run) is this operator's to report:
 * `ours` when this operator holds the run claim (taken now if nobody had), `not_ours` when another
 * does or the payment cannot be claimed, `retry` when the ledger could not say.
 */
export type ReservationCheck = "ours" | "not_ours" | "retry";
