import { z } from "zod";
import type { LedgerCore } from "./core.js";
import { toAddress, toBytes } from "./inputs.js";
import { toU64, type U64Input } from "./integers.js";
import { addressJson, boolJson, optionJson, stringJson, u64Json } from "./move-json.js";
import {
  type GatewayContext,
  gatewayContextJson,
  type LedgerPayment,
  type LedgerPaymentRecord,
  paymentRecordJson,
  paymentTupleJson,
} from "./records.js";
import type { EntryCall, LedgerSigner, SubmitOptions, TxReceipt } from "./transactions.js";
import { usableOpenPayments } from "./usable-payments.js";
import { orNull, single } from "./view-results.js";

/** A payment request; amount in octas (a decimal string on the wire, or a bigint). */
export interface PaymentRequestInput {
  processId: string;
  taskId: string;
  amount: U64Input;
}

/** A release or refund request: the payment's process and task. */
export interface PaymentTaskInput {
  processId: string;
  taskId: string;
}

/** A payment's key: (process_id, task_id, payer). */
export interface PaymentKey {
  processId: string;
  taskId: string;
  payer: string;
}

interface KeyedCall extends PaymentKey {
  signer: LedgerSigner;
  options?: SubmitOptions;
}

function keyArgs(key: PaymentKey): [string, string, string] {
  return [key.processId, key.taskId, toAddress(key.payer, "payer")];
}

/** An entry call without its signer: what a sender that builds its own transactions sends. */
export type OperatorCall = Omit<EntryCall, "signer" | "options">;

/** payment::claim_run of a payment (the run claim; move/README.md, "payment"). */
export function claimRunCall(key: PaymentKey): OperatorCall {
  return { fn: "claim_run", args: keyArgs(key) };
}

/** payment::report_outcome of a payment: delivered with the result's hash, or failed. */
export function reportOutcomeCall(
  args: PaymentKey & { delivered: boolean; resultHash?: Uint8Array },
): OperatorCall {
  return {
    fn: "report_outcome",
    args: [...keyArgs(args), args.delivered, toBytes(args.resultHash, "resultHash")],
  };
}

function opts(options: SubmitOptions | undefined): { options?: SubmitOptions } {
  return options === undefined ? {} : { options };
}

const boolResult = single(boolJson);
const u64Result = single(u64Json);

export function paymentFunctions(core: LedgerCore) {
  const gatewayContext = async (args: {
    processId: string;
    payer: string;
  }): Promise<GatewayContext> =>
    core.view({
      fn: "gateway_context",
      args: [args.processId, toAddress(args.payer, "payer")],
      result: single(gatewayContextJson),
    });

  const getPaymentRecord = async (key: PaymentKey): Promise<LedgerPaymentRecord | null> =>
    orNull(
      () =>
        core.view({
          fn: "get_payment_record",
          args: keyArgs(key),
          result: single(paymentRecordJson),
        }),
      "EPAYMENT_NOT_FOUND",
    );

  return {
    // --- The payment client operations (README.md, "How payments and refunds work") ---

    /**
     * makePayment: escrows `amount` octas for (processId, taskId); returns the transaction hash.
     */
    async makePayment(
      signer: LedgerSigner,
      request: PaymentRequestInput,
      options?: SubmitOptions,
    ): Promise<string> {
      const receipt = await core.entry({
        signer,
        fn: "make_payment",
        args: [request.processId, request.taskId, toU64(request.amount, "amount")],
        ...opts(options),
      });
      return receipt.hash;
    },

    /**
     * verifyPayment: true when the user has at least one usable payment for the process
     * (ESCROW, no outcome reported, settle time still ahead of the ledger clock). One view.
     */
    async verifyPayment(userAddress: string, processId: string): Promise<boolean> {
      const context = await gatewayContext({ processId, payer: userAddress });
      return usableOpenPayments(context).length > 0;
    },

    /** getPaymentDetails: the oldest usable payment of the user for the process, or null. */
    async getPaymentDetails(
      userAddress: string,
      processId: string,
    ): Promise<LedgerPaymentRecord | null> {
      const context = await gatewayContext({ processId, payer: userAddress });
      const [oldest] = usableOpenPayments(context);
      if (oldest === undefined) return null;
      return getPaymentRecord({ processId, taskId: oldest.taskId, payer: userAddress });
    },

    /** releasePayment: the payer releases the escrow to the receiver; returns the hash. */
    async releasePayment(
      signer: LedgerSigner,
      request: PaymentTaskInput,
      options?: SubmitOptions,
    ): Promise<string> {
      const receipt = await core.entry({
        signer,
        fn: "release_payment",
        args: [request.processId, request.taskId],
        ...opts(options),
      });
      return receipt.hash;
    },

    /**
     * requestRefund: the payer takes the escrow back (failed outcome, window open); returns the
     * hash.
     */
    async requestRefund(
      signer: LedgerSigner,
      request: PaymentTaskInput,
      options?: SubmitOptions,
    ): Promise<string> {
      const receipt = await core.entry({
        signer,
        fn: "request_refund",
        args: [request.processId, request.taskId],
        ...opts(options),
      });
      return receipt.hash;
    },

    // --- the rest of the payment module ---

    /** The receiver or provider returns the escrow to the payer. */
    async cancelPayment(args: KeyedCall): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "cancel_payment",
        args: keyArgs(args),
        ...opts(args.options),
      });
    },

    /** Anyone, after the settle time: to the receiver if delivered, else back to the payer. */
    async settlePayment(args: KeyedCall): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "settle_payment",
        args: keyArgs(args),
        ...opts(args.options),
      });
    },

    /** The provider or one of the process's agents records delivery (or failure), once. */
    async reportOutcome(
      args: KeyedCall & { delivered: boolean; resultHash?: Uint8Array },
    ): Promise<TxReceipt> {
      return core.entry({ signer: args.signer, ...reportOutcomeCall(args), ...opts(args.options) });
    },

    /**
     * The run claim (move/README.md, "payment"): the operator that will run the payment's task
     * records so, once, before the run; any second claim aborts ERUN_ALREADY_CLAIMED.
     */
    async claimRun(args: KeyedCall): Promise<TxReceipt> {
      return core.entry({ signer: args.signer, ...claimRunCall(args), ...opts(args.options) });
    },

    /** The address that claimed the payment's run, or null when nobody has. */
    async runClaimedBy(key: PaymentKey): Promise<string | null> {
      const claimer = await core.view({
        fn: "run_claimed_by",
        args: keyArgs(key),
        result: single(optionJson(addressJson)),
      });
      return claimer ?? null;
    },

    /** Admin only; applies to payments made afterwards. */
    async setRefundWindow(args: {
      signer: LedgerSigner;
      seconds: U64Input;
      options?: SubmitOptions;
    }): Promise<TxReceipt> {
      return core.entry({
        signer: args.signer,
        fn: "set_refund_window",
        args: [toU64(args.seconds, "seconds")],
        ...opts(args.options),
      });
    },

    /** Admin only, idempotent (init_module already did the work). */
    async initialize(args: { signer: LedgerSigner; options?: SubmitOptions }): Promise<TxReceipt> {
      return core.entry({ signer: args.signer, fn: "initialize", args: [], ...opts(args.options) });
    },

    /** The contract's verify_payment view: this exact key exists and is in ESCROW. */
    async verifyTaskPayment(key: PaymentKey): Promise<boolean> {
      return core.view({ fn: "verify_payment", args: keyArgs(key), result: boolResult });
    },

    async paymentExists(key: PaymentKey): Promise<boolean> {
      return core.view({ fn: "payment_exists", args: keyArgs(key), result: boolResult });
    },

    /** get_payment's nine values as a record; null when there is no such payment. */
    async getPayment(key: PaymentKey): Promise<LedgerPayment | null> {
      return orNull(
        () => core.view({ fn: "get_payment", args: keyArgs(key), result: paymentTupleJson }),
        "EPAYMENT_NOT_FOUND",
      );
    },

    getPaymentRecord,

    /** Task ids of the payer's ESCROW payments for the process, oldest first. */
    async openPayments(args: { processId: string; payer: string }): Promise<string[]> {
      return core.view({
        fn: "open_payments",
        args: [args.processId, toAddress(args.payer, "payer")],
        result: single(z.array(stringJson)),
      });
    },

    gatewayContext,

    async refundWindow(): Promise<bigint> {
      return core.view({ fn: "refund_window", args: [], result: u64Result });
    },

    async vaultAddress(): Promise<string> {
      return core.view({ fn: "vault_address", args: [], result: single(addressJson) });
    },

    async escrowBalance(): Promise<bigint> {
      return core.view({ fn: "escrow_balance", args: [], result: u64Result });
    },
  };
}

export type PaymentFunctions = ReturnType<typeof paymentFunctions>;
