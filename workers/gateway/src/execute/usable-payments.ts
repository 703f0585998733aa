import type { GatewayContext } from "../../../../shared/src/ledger/records.js";
import { usableOpenPayments } from "../../../../shared/src/ledger/usable-payments.js";

/**
 * A payment stays usable only while the payer cannot settle or refund it before the gateway's
 * receipt lands: the agent's time limit plus this margin must fit before its settle time.
 */
export const SETTLE_MARGIN_SECONDS = 600n;

/**
 * Task ids of the caller's payments an execution may claim, oldest first, measured against the
 * ledger's clock (it decides when a settle is allowed). `taskId` narrows the choice to one.
 */
export function usablePaymentTaskIds(args: {
  context: GatewayContext;
  timeoutMs: number;
  taskId?: string | undefined;
}): string[] {
  const margin = BigInt(Math.ceil(args.timeoutMs / 1000)) + SETTLE_MARGIN_SECONDS;
  return usableOpenPayments(args.context, margin)
    .map((p) => p.taskId)
    .filter((id) => args.taskId === undefined || id === args.taskId);
}
