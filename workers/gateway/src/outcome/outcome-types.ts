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
