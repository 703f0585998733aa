import { type Task, TaskState } from "@a2a-js/sdk";
import type { PaymentRequired, SettleResponse } from "#shared/x402/transport";
import { newTransactionId } from "../execute/transaction-id.js";
import { agentMessage, textPart } from "./a2a-parts.js";

/** The a2a-x402 v0.2 metadata keys (its spec, "Metadata and State Management"). */
export const X402_STATUS_KEY = "x402.payment.status";
export const X402_REQUIRED_KEY = "x402.payment.required";
export const X402_RECEIPTS_KEY = "x402.payment.receipts";
export const X402_ERROR_KEY = "x402.payment.error";

/**
 * A paid process's answer to a message without a usable payment (docs/gateway.md, "A2A",
 * "Payment"): a task in `input-required` whose status message carries
 * `x402.payment.status: payment-required` and, under `x402.payment.required`, the same
 * escrow-scheme offer the HTTP 402 gives (payment/payment-requirements.ts). The task's id is the
 * escrow task id offered, which the payment's make_payment must name.
 */
export function paymentRequiredTask(required: PaymentRequired): Task {
  const offered = required.accepts[0]?.extra.taskId;
  const id = typeof offered === "string" ? offered : newTransactionId();
  return x402Task({
    id,
    state: TaskState.TASK_STATE_INPUT_REQUIRED,
    text: "Payment is required.",
    metadata: { [X402_STATUS_KEY]: "payment-required", [X402_REQUIRED_KEY]: required },
  });
}

/**
 * A payment message refused (the extension's "Error Handling"): the task fails with
 * `payment-failed`, the error code, the reason as its text and the SettleResponse when the
 * ledger was asked. Nothing ran.
 */
export function paymentFailedTask(args: {
  taskId: string;
  error: string;
  message: string;
  receipt?: SettleResponse | undefined;
}): Task {
  return x402Task({
    id: args.taskId,
    state: TaskState.TASK_STATE_FAILED,
    text: args.message,
    metadata: {
      [X402_STATUS_KEY]: "payment-failed",
      [X402_ERROR_KEY]: args.error,
      [X402_RECEIPTS_KEY]: args.receipt === undefined ? [] : [args.receipt],
    },
  });
}

/**
 * A paid task's answer once its payment settled: `payment-completed` and the receipt in its
 * status message, beside the run's own reason when it failed.
 */
export function withPaymentCompleted(task: Task, receipt: SettleResponse): Task {
  const status = task.status;
  if (status === undefined) return task;
  const message =
    status.message ?? agentMessage({ taskId: task.id, parts: [textPart("Payment settled.")] });
  const metadata = {
    ...message.metadata,
    [X402_STATUS_KEY]: "payment-completed",
    [X402_RECEIPTS_KEY]: [receipt],
  };
  return { ...task, status: { ...status, message: { ...message, metadata } } };
}

function x402Task(args: {
  id: string;
  state: TaskState;
  text: string;
  metadata: Record<string, unknown>;
}): Task {
  const { id } = args;
  return {
    id,
    contextId: id,
    status: {
      state: args.state,
      message: agentMessage({ taskId: id, parts: [textPart(args.text)], metadata: args.metadata }),
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
}
