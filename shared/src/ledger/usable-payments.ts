import { OUTCOME } from "../contract/status.js";
import type { GatewayContext, OpenPayment } from "./records.js";

/**
 * How far ahead of the ledger clock a payment's settle time must be for a run to use it: longer
 * than the longest agent time limit a gateway accepts (15 minutes) plus the time its outcome
 * report needs to land, so a payer can never run on a payment and settle or refund it before the
 * receipt is on the ledger. One value for the gateway and verifyPayment, so both answer alike
 * (docs/gateway.md, "When a payment is usable").
 */
export const PAYMENT_SETTLE_MARGIN_SECONDS = 1_800n;

/**
 * The caller's payments that may still pay for a run, oldest first: in ESCROW (the view lists
 * only those), no outcome reported yet, a settle time more than `marginSecs` ahead of the ledger
 * clock, and an amount that covers the process's CURRENT price (a payment made while the process
 * was cheaper does not pay for a run at the new price).
 */
export function usableOpenPayments(
  context: GatewayContext,
  marginSecs = PAYMENT_SETTLE_MARGIN_SECONDS,
): OpenPayment[] {
  const price = context.pricing?.taskPrice ?? 0n;
  return context.openPayments.filter(
    (payment) =>
      payment.outcome === OUTCOME.NONE &&
      payment.settleTime > context.now + marginSecs &&
      payment.amount >= price,
  );
}
