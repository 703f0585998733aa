import { PAYMENT_STATUS, PROCESS_STATUS } from "#shared/contract";
import { present } from "./abort.js";
import type { Args } from "./args.js";
import { vaultAddress } from "./escrow.js";
import type { ViewHandler } from "./handlers.js";
import { hexToBytes, longAddress } from "./move-values.js";
import { openPayments, type PaymentKey, readPayment, readRunClaim } from "./payment-store.js";
import type { GatewayContext, PaymentRecord } from "./records.js";
import { readProcess } from "./registry-store.js";
import { readU64Setting } from "./schema.js";
import type { ExecutionContext } from "./types.js";

function key(args: Args): PaymentKey {
  return {
    process_id: args.string("process_id"),
    task_id: args.string("task_id"),
    payer: args.address("payer_addr"),
  };
}

function lookup(ctx: ExecutionContext, args: Args): PaymentRecord | undefined {
  return readPayment(ctx.sql, key(args));
}

function required(ctx: ExecutionContext, args: Args): PaymentRecord {
  return present(ctx, "payment", lookup(ctx, args), "EPAYMENT_NOT_FOUND");
}

export const PAYMENT_VIEWS = {
  verify_payment: (ctx, args) => [lookup(ctx, args)?.status === PAYMENT_STATUS.ESCROW],
  payment_exists: (ctx, args) => [lookup(ctx, args) !== undefined],
  get_payment: (ctx, args) => {
    const p = required(ctx, args);
    return [
      p.process_id,
      p.task_id,
      p.payer,
      p.receiver,
      p.amount,
      p.currency,
      p.status,
      p.created_at,
      p.updated_at,
    ];
  },
  get_payment_record: (ctx, args) => [required(ctx, args)],
  open_payments: (ctx, args) => [
    openPayments(ctx.sql, args.string("process_id"), args.address("payer_addr")).map(
      (p) => p.task_id,
    ),
  ],
  gateway_context: (ctx, args) => {
    const process_id = args.string("process_id");
    const payer_addr = args.address("payer_addr");
    const process = readProcess(ctx.sql, process_id);
    const context: GatewayContext = {
      process_exists: process !== undefined,
      status: process?.status ?? PROCESS_STATUS.active,
      owner: process?.owner ?? longAddress("0x0"),
      service_url: process?.service_url ?? "",
      pricing: process?.pricing ?? null,
      agents: process?.agents ?? [],
      open_payments: openPayments(ctx.sql, process_id, payer_addr),
      authentication_key: hexToBytes(ctx.authenticationKey(payer_addr)),
      now: ctx.now,
    };
    return [context];
  },
  run_claimed_by: (ctx, args) => [readRunClaim(ctx.sql, key(args)) ?? null],
  refund_window: (ctx) => [readU64Setting(ctx.sql, "refund_window")],
  vault_address: (ctx) => [vaultAddress(ctx)],
  escrow_balance: (ctx) => [ctx.bank.balance(vaultAddress(ctx))],
} satisfies Record<string, ViewHandler>;
