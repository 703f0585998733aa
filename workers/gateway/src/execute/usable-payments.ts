import type { GatewayContext } from "#shared/ledger/records";
import { usableOpenPayments } from "#shared/ledger/usable-payments";

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
