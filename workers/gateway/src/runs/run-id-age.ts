/**
 * Slack past a run's keep time: longer than the longest time limit (AGENT_TIMEOUT_MS is at most
 * 15 minutes) plus the run object's re-asks after a restart, so no kept run is ever missed.
 */
const RUN_LIFE_SLACK_MS = 2 * 3_600_000;
/** How far ahead of this Worker's clock the minting Worker's clock may have been. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Whether a run with this transaction id (a UUIDv7, whose first 48 bits are its Unix
 * milliseconds: execute/transaction-id.ts) can still be kept. One minted before the keep time
 * (plus slack) or in the future names no run, so it is answered 404 without waking a run object:
 * random ids cost no Durable Object each (docs/gateway.md, "Who may read a run").
 */
export function runIdMayBeKept(args: {
  transactionId: string;
  nowMs: number;
  keepMs: number;
}): boolean {
  const mintedMs = Number.parseInt(args.transactionId.replaceAll("-", "").slice(0, 12), 16);
  if (!Number.isSafeInteger(mintedMs)) return false;
  return mintedMs <= args.nowMs + CLOCK_SKEW_MS && mintedMs >= oldestKeptRunMs(args);
}

/** When the oldest run that can still be kept began (its keep time plus the slack above). */
export function oldestKeptRunMs(args: { nowMs: number; keepMs: number }): number {
  return args.nowMs - args.keepMs - RUN_LIFE_SLACK_MS;
}
