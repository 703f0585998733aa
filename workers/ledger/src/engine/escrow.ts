import { OUTCOME, PAYMENT_STATUS } from "#shared/contract";
import { emitEvent } from "./abort.js";
import { removeOpenPayment, savePaymentState } from "./payment-store.js";
import type { PaymentRecord } from "./records.js";
import { readProcess } from "./registry-store.js";
import type { ExecutionContext } from "./types.js";
import { escrowVaultAddress } from "./vault.js";

/**
 * The payment module's internal operations that workflow also reaches (Move's `public(package)`
 * functions): they move funds out of the vault and record outcomes, after the caller's checks.
 */

export function vaultAddress(ctx: ExecutionContext): string {
  return escrowVaultAddress(ctx.moduleAddress);
}

/** Ends an ESCROW payment: pays `to` from the vault and sets the final status. */
export function closePayment(
  ctx: ExecutionContext,
  payment: PaymentRecord,
  status: number,
  to: string,
): void {
  ctx.bank.transfer(vaultAddress(ctx), to, payment.amount);
  payment.status = status;
  payment.updated_at = ctx.now;
  savePaymentState(ctx.sql, payment);
  removeOpenPayment(ctx.sql, { ...payment });
}

/** COMPLETED, funds to the receiver, PaymentReleased (release and workflow approval). */
export function releaseToReceiver(ctx: ExecutionContext, payment: PaymentRecord): void {
  closePayment(ctx, payment, PAYMENT_STATUS.COMPLETED, payment.receiver);
  emitEvent(ctx, "PaymentReleased", {
    process_id: payment.process_id,
    task_id: payment.task_id,
    payer: payment.payer,
    receiver: payment.receiver,
    amount: payment.amount,
  });
}

/** The provider side of a payment: its provider, or an address now among the process's agents. */
export function isProviderSide(
  ctx: ExecutionContext,
  payment: PaymentRecord,
  caller: string,
): boolean {
  if (caller === payment.provider) return true;
  const process = readProcess(ctx.sql, payment.process_id);
  return process?.agents.includes(caller) ?? false;
}

/**
 * An outcome may be written only until the settle time, inclusive (ledger-contract.md, "payment"):
 * after it, settle decides on what was recorded, so a silent provider cannot report "delivered"
 * once the window closed, nor win a race against the payer's settle.
 */
export function outcomeWindowOpen(ctx: ExecutionContext, payment: PaymentRecord): boolean {
  return ctx.now <= payment.settle_time;
}

/** Writes the outcome (the caller checked it is still none) and emits OutcomeReported. */
export function recordOutcome(
  ctx: ExecutionContext,
  payment: PaymentRecord,
  delivered: boolean,
  resultHash: Uint8Array,
  reporter: string,
): void {
  payment.outcome = delivered ? OUTCOME.DELIVERED : OUTCOME.FAILED;
  payment.result_hash = resultHash;
  payment.updated_at = ctx.now;
  savePaymentState(ctx.sql, payment);
  emitEvent(ctx, "OutcomeReported", {
    process_id: payment.process_id,
    task_id: payment.task_id,
    payer: payment.payer,
    outcome: payment.outcome,
    result_hash: resultHash,
    reporter,
  });
}
