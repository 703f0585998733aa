import { CURRENCY, LIMITS, OUTCOME, PAYMENT_STATUS, PROCESS_STATUS } from "#shared/contract";
import { emitEvent, ensure, present } from "./abort.js";
import type { Args } from "./args.js";
import {
  closePayment,
  isProviderSide,
  outcomeWindowOpen,
  recordOutcome,
  releaseToReceiver,
  vaultAddress,
} from "./escrow.js";
import { isValidPaymentTaskId } from "./limits-check.js";
import { longAddress } from "./move-values.js";
import {
  addOpenPayment,
  insertPayment,
  insertRunClaim,
  openPaymentCount,
  type PaymentKey,
  readPayment,
  readRunClaim,
} from "./payment-store.js";
import type { PaymentRecord } from "./records.js";
import { readProcess } from "./registry-store.js";
import { readU64Setting, writeSetting } from "./schema.js";
import type { ExecutionContext } from "./types.js";

const MODULE = "payment";

function escrowPayment(ctx: ExecutionContext, key: PaymentKey): PaymentRecord {
  const payment = present(ctx, MODULE, readPayment(ctx.sql, key), "EPAYMENT_NOT_FOUND");
  ensure(ctx, MODULE, payment.status === PAYMENT_STATUS.ESCROW, "ENOT_IN_ESCROW");
  return payment;
}

/** The key of the signer's own payment (release_payment, request_refund). */
function ownKey(args: Args, payer: string): PaymentKey {
  return { process_id: args.string("process_id"), task_id: args.string("task_id"), payer };
}

/** The key named by (process_id, task_id, payer_addr). */
function namedKey(args: Args): PaymentKey {
  return ownKey(args, args.address("payer_addr"));
}

function ensureAdmin(ctx: ExecutionContext, sender: string): void {
  ensure(ctx, MODULE, sender === longAddress(ctx.moduleAddress), "ENOT_ADMIN");
}

/** Admin-only and idempotent: init_module already created every store. */
export function initialize(ctx: ExecutionContext, sender: string): void {
  ensureAdmin(ctx, sender);
}

export function setRefundWindow(ctx: ExecutionContext, sender: string, args: Args): void {
  const seconds = args.u64("seconds");
  ensureAdmin(ctx, sender);
  ensure(
    ctx,
    MODULE,
    seconds >= BigInt(LIMITS.MIN_REFUND_WINDOW_SECS) &&
      seconds <= BigInt(LIMITS.MAX_REFUND_WINDOW_SECS),
    "EINVALID_REFUND_WINDOW",
  );
  writeSetting(ctx.sql, "refund_window", seconds);
  emitEvent(ctx, "RefundWindowChanged", { seconds });
}

export function makePayment(ctx: ExecutionContext, payer: string, args: Args): void {
  const process_id = args.string("process_id");
  const task_id = args.string("task_id");
  const amount = args.u64("amount");
  const process = present(ctx, MODULE, readProcess(ctx.sql, process_id), "EPROCESS_NOT_FOUND");
  ensure(ctx, MODULE, process.status === PROCESS_STATUS.active, "EPROCESS_NOT_ACTIVE");
  ensure(ctx, MODULE, isValidPaymentTaskId(task_id), "EINVALID_TASK_ID");
  ensure(ctx, MODULE, amount > 0n, "EZERO_AMOUNT");
  ensure(
    ctx,
    MODULE,
    process.pricing === null || amount >= process.pricing.task_price,
    "EAMOUNT_BELOW_PRICE",
  );
  const key = { process_id, task_id, payer };
  ensure(ctx, MODULE, readPayment(ctx.sql, key) === undefined, "EPAYMENT_EXISTS");
  ensure(ctx, MODULE, ctx.bank.balance(payer) >= amount, "EINSUFFICIENT_BALANCE");
  ensure(
    ctx,
    MODULE,
    openPaymentCount(ctx.sql, process_id, payer) < LIMITS.MAX_OPEN_PAYMENTS,
    "ETOO_MANY_OPEN_PAYMENTS",
  );

  const settleTime = ctx.now + readU64Setting(ctx.sql, "refund_window");
  ctx.bank.transfer(payer, vaultAddress(ctx), amount);
  insertPayment(ctx.sql, {
    process_id,
    task_id,
    payer,
    receiver: process.payment_address,
    provider: process.owner,
    amount,
    currency: CURRENCY,
    status: PAYMENT_STATUS.ESCROW,
    outcome: OUTCOME.NONE,
    result_hash: new Uint8Array(),
    created_at: ctx.now,
    updated_at: ctx.now,
    settle_time: settleTime,
  });
  addOpenPayment(ctx.sql, key);
  emitEvent(ctx, "PaymentMade", {
    process_id,
    task_id,
    payer,
    receiver: process.payment_address,
    amount,
    settle_time: settleTime,
  });
}

export function releasePayment(ctx: ExecutionContext, payer: string, args: Args): void {
  releaseToReceiver(ctx, escrowPayment(ctx, ownKey(args, payer)));
}

export function requestRefund(ctx: ExecutionContext, payer: string, args: Args): void {
  const payment = escrowPayment(ctx, ownKey(args, payer));
  ensure(ctx, MODULE, ctx.now <= payment.settle_time, "EREFUND_WINDOW_CLOSED");
  ensure(ctx, MODULE, payment.outcome === OUTCOME.FAILED, "EOUTCOME_NOT_FAILED");
  closePayment(ctx, payment, PAYMENT_STATUS.REFUNDED, payer);
  emitEvent(ctx, "PaymentRefunded", {
    process_id: payment.process_id,
    task_id: payment.task_id,
    payer,
    amount: payment.amount,
  });
}

export function cancelPayment(ctx: ExecutionContext, caller: string, args: Args): void {
  const payment = present(ctx, MODULE, readPayment(ctx.sql, namedKey(args)), "EPAYMENT_NOT_FOUND");
  ensure(
    ctx,
    MODULE,
    caller === payment.receiver || caller === payment.provider,
    "ENOT_RECEIVER_OR_PROVIDER",
  );
  ensure(ctx, MODULE, payment.status === PAYMENT_STATUS.ESCROW, "ENOT_IN_ESCROW");
  closePayment(ctx, payment, PAYMENT_STATUS.CANCELED, payment.payer);
  emitEvent(ctx, "PaymentCanceled", {
    process_id: payment.process_id,
    task_id: payment.task_id,
    payer: payment.payer,
    amount: payment.amount,
    canceled_by: caller,
  });
}

export function settlePayment(ctx: ExecutionContext, _caller: string, args: Args): void {
  const payment = escrowPayment(ctx, namedKey(args));
  ensure(ctx, MODULE, ctx.now > payment.settle_time, "ESETTLE_TOO_EARLY");
  const delivered = payment.outcome === OUTCOME.DELIVERED;
  const paidTo = delivered ? payment.receiver : payment.payer;
  closePayment(
    ctx,
    payment,
    delivered ? PAYMENT_STATUS.COMPLETED : PAYMENT_STATUS.REFUNDED,
    paidTo,
  );
  emitEvent(ctx, "PaymentSettled", {
    process_id: payment.process_id,
    task_id: payment.task_id,
    payer: payment.payer,
    amount: payment.amount,
    delivered,
    paid_to: paidTo,
  });
}

/** Move's claim_run: the checks of report_outcome, then the key must be unclaimed (by anyone). */
export function claimRun(ctx: ExecutionContext, caller: string, args: Args): void {
  const key = namedKey(args);
  const payment = present(ctx, MODULE, readPayment(ctx.sql, key), "EPAYMENT_NOT_FOUND");
  ensure(ctx, MODULE, isProviderSide(ctx, payment, caller), "ENOT_PROVIDER_OR_AGENT");
  ensure(ctx, MODULE, payment.status === PAYMENT_STATUS.ESCROW, "ENOT_IN_ESCROW");
  ensure(ctx, MODULE, payment.outcome === OUTCOME.NONE, "EOUTCOME_ALREADY_SET");
  ensure(ctx, MODULE, outcomeWindowOpen(ctx, payment), "EOUTCOME_TOO_LATE");
  ensure(ctx, MODULE, readRunClaim(ctx.sql, key) === undefined, "ERUN_ALREADY_CLAIMED");
  insertRunClaim(ctx.sql, key, caller);
  emitEvent(ctx, "RunClaimed", {
    process_id: key.process_id,
    task_id: key.task_id,
    payer: key.payer,
    operator: caller,
  });
}

export function reportOutcome(ctx: ExecutionContext, caller: string, args: Args): void {
  const resultHash = args.bytes("result_hash");
  const payment = present(ctx, MODULE, readPayment(ctx.sql, namedKey(args)), "EPAYMENT_NOT_FOUND");
  ensure(ctx, MODULE, isProviderSide(ctx, payment, caller), "ENOT_PROVIDER_OR_AGENT");
  ensure(ctx, MODULE, payment.status === PAYMENT_STATUS.ESCROW, "ENOT_IN_ESCROW");
  ensure(ctx, MODULE, payment.outcome === OUTCOME.NONE, "EOUTCOME_ALREADY_SET");
  ensure(ctx, MODULE, outcomeWindowOpen(ctx, payment), "EOUTCOME_TOO_LATE");
  ensure(ctx, MODULE, resultHash.length <= LIMITS.MAX_RESULT_HASH_BYTES, "EINVALID_RESULT_HASH");
  recordOutcome(ctx, payment, args.bool("delivered"), resultHash, caller);
}
