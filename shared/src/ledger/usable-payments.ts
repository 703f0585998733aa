import { OUTCOME } from "../contract/status.js";
import type { GatewayContext, OpenPayment } from "./records.js";

/**
 * The caller's payments that may still pay for an execution, oldest first: in ESCROW (the view
 * lists only those), no outcome reported yet, and a settle time more than `marginSecs` ahead of
 * the ledger clock. The gateway passes a margin so a payer cannot run on a payment and settle it
 * before the receipt lands; SPEC's verifyPayment uses 0.
 */
export function usableOpenPayments(context: GatewayContext, marginSecs = 0n): OpenPayment[] {
  return context.openPayments.filter(
    (payment) => payment.outcome === OUTCOME.NONE && payment.settleTime > context.now + marginSecs,
  );
}
