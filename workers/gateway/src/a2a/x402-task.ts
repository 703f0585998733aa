import { type Task, TaskState } from "@a2a-js/sdk";
import type { PaymentRequired } from "#shared/x402/transport";
import { newTransactionId } from "../execute/transaction-id.js";
import { agentMessage, textPart } from "./a2a-parts.js";

/** The a2a-x402 extension, v0.2: the URI its spec gives for declaring and activating it. */
export const X402_EXTENSION_URI =
  "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2";

/** The a2a-x402 v0.2 metadata keys (its spec, "Payment Protocol Flow"). */
export const X402_STATUS_KEY = "x402.payment.status";
export const X402_REQUIRED_KEY = "x402.payment.required";

/**
 * A paid process's answer to a message without a usable payment (docs/gateway.md, "A2A",
 * "Payment"): a task in `input-required` whose status message carries
 * `x402.payment.status: payment-required` and, under `x402.payment.required`, the same
 * escrow-scheme offer the HTTP 402 gives (payment/payment-requirements.ts).
 */
export function paymentRequiredTask(required: PaymentRequired): Task {
  const id = newTransactionId();
  return {
    id,
    contextId: id,
    status: {
      state: TaskState.TASK_STATE_INPUT_REQUIRED,
      message: agentMessage({
        taskId: id,
        parts: [textPart("Payment is required.")],
        metadata: { [X402_STATUS_KEY]: "payment-required", [X402_REQUIRED_KEY]: required },
      }),
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
}
