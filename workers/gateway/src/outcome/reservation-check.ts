import type { ReservationCheck, RunClaimResult } from "./outcome-types.js";

/**
 * Whether a reservation that came due is this operator's to report FAILED (docs/gateway.md,
 * "Across deployments"): the run claim on the ledger says. Nobody holding it means this
 * gateway's claim never committed, so it claims the run now. A refused claim is read again: the
 * claim that beat it may be this operator's own earlier one, committed since the first read, and
 * then the payer (told "will be reported failed") is owed the report.
 */
export async function checkReservation(args: {
  /** This operator's address, as runClaimedBy spells addresses. */
  self: string;
  runClaimedBy(): Promise<string | null>;
  claimRun(): Promise<RunClaimResult>;
}): Promise<ReservationCheck> {
  const claimer = await readClaimer(args);
  if (claimer === undefined) return "retry";
  if (claimer !== null) return owner(claimer, args.self);
  const claim = await args.claimRun();
  if (claim.kind === "claimed") return "ours";
  if (claim.kind === "unknown") return "retry";
  const after = await readClaimer(args);
  if (after === undefined) return "retry";
  // Still nobody: the payment cannot be claimed any more (outcome set, refunded, settle passed).
  return after === null ? "not_ours" : owner(after, args.self);
}

/** The run's claimer, null when nobody holds it, undefined when the ledger could not say. */
async function readClaimer(args: {
  runClaimedBy(): Promise<string | null>;
}): Promise<string | null | undefined> {
  try {
    return await args.runClaimedBy();
  } catch {
    return undefined;
  }
}

const owner = (claimer: string, self: string): ReservationCheck =>
  claimer === self ? "ours" : "not_ours";
