import { carriesCallerProof } from "#shared/auth/caller-proof-message";
import type { GatewayContext } from "#shared/ledger/records";
import { usableOpenPayments } from "#shared/ledger/usable-payments";
import type { ClaimsApi } from "../claims/claims-types.js";

/**
 * Task ids of the caller's payments a run may claim, oldest first, by the shared ledger-side
 * rule (ESCROW, no outcome, settle margin, amount >= current price; docs/gateway.md "When a
 * payment is usable"), measured against the ledger's clock. `taskId` narrows the choice to one.
 */
export function usablePaymentTaskIds(args: {
  context: GatewayContext;
  taskId?: string | undefined;
}): string[] {
  return usableOpenPayments(args.context)
    .map((p) => p.taskId)
    .filter((id) => args.taskId === undefined || id === args.taskId);
}

/** The caller's usable payments that no execution of this gateway has claimed. */
export async function unclaimedUsableTaskIds(args: {
  context: GatewayContext;
  taskId?: string | undefined;
  claims: () => ClaimsApi;
}): Promise<string[]> {
  const usable = usablePaymentTaskIds(args);
  return usable.length === 0 ? usable : args.claims().unclaimed(usable);
}

/**
 * The usable payments a request may still run on. A request without a caller proof is either
 * offered a payment or asked for the proof, by whether one is left: a payment a run of this
 * gateway claimed whose outcome is not on the ledger yet still looks usable there, but can never
 * pay again, so it must not turn the offer into a demand for a proof (docs/gateway.md, "Execute",
 * step 6: an x402 client paying while its last run goes on). With a proof the claims object's
 * atomic claim decides, as before.
 */
export async function claimablePaymentTaskIds(args: {
  context: GatewayContext;
  taskId?: string | undefined;
  headers: Headers;
  claims: () => ClaimsApi;
}): Promise<string[]> {
  return carriesCallerProof(args.headers)
    ? usablePaymentTaskIds(args)
    : unclaimedUsableTaskIds(args);
}
