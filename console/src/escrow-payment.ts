import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { bcsOf } from "#shared/ledger/bcs-writer";
import { normalizeAddress } from "#shared/schemas/address-format";
import { type Guard, isRecord } from "./guards.js";
import { sameAddress } from "./same-address.js";

/**
 * One escrow payment as get_payment_record answers it (../shared/docs/ledger-contract.md,
 * "payment"): the REST API's JSON for a struct, u64 as decimal strings, u8 as numbers.
 */
export type PaymentRecordJson = {
  process_id: string;
  task_id: string;
  payer: string;
  receiver: string;
  provider: string;
  amount: string;
  status: number;
  outcome: number;
  created_at: string;
  settle_time: string;
};

const U64 = /^\d+$/;

export const isPaymentRecord: Guard<PaymentRecordJson> = (v): v is PaymentRecordJson =>
  isRecord(v) &&
  ["process_id", "task_id", "payer", "receiver", "provider"].every(
    (field) => typeof v[field] === "string",
  ) &&
  ["amount", "created_at", "settle_time"].every(
    (field) => typeof v[field] === "string" && U64.test(v[field] as string),
  ) &&
  typeof v.status === "number" &&
  typeof v.outcome === "number";

/** What the escrow lets an account do to a payment (the contract's transitions table). */
export type EscrowAction = "release" | "refund" | "cancel" | "settle";

/**
 * The actions the escrow allows `account` right now (ledger time `now`, seconds), as the contract's
 * table says: only an ESCROW payment moves; the payer may release, and refund while the settle
 * time has not passed and the outcome is failed; the receiver or the provider may cancel; anyone
 * may settle once the settle time has passed.
 */
export function escrowActions(args: {
  record: PaymentRecordJson;
  account: string;
  now: bigint;
}): EscrowAction[] {
  const { record, now } = args;
  if (record.status !== PAYMENT_STATUS.ESCROW) return [];
  const settleTime = BigInt(record.settle_time);
  const actions: EscrowAction[] = [];
  if (sameAddress(record.payer, args.account)) {
    actions.push("release");
    if (now <= settleTime && record.outcome === OUTCOME.FAILED) actions.push("refund");
  }
  if (sameAddress(record.receiver, args.account) || sameAddress(record.provider, args.account)) {
    actions.push("cancel");
  }
  if (now > settleTime) actions.push("settle");
  return actions;
}

/** The payment module's entry function for an action, and its arguments after the signer (BCS). */
export function escrowCall(
  action: EscrowAction,
  record: PaymentRecordJson,
): { function: string; args: Uint8Array[] } {
  const key = [bcsOf((w) => w.str(record.process_id)), bcsOf((w) => w.str(record.task_id))];
  // The node prints the payer without its leading zeros; the writer takes only whole addresses.
  const payer = bcsOf((w) => w.address(normalizeAddress(record.payer)));
  switch (action) {
    case "release":
      return { function: "release_payment", args: key };
    case "refund":
      return { function: "request_refund", args: key };
    case "cancel":
      return { function: "cancel_payment", args: [...key, payer] };
    case "settle":
      return { function: "settle_payment", args: [...key, payer] };
  }
}
