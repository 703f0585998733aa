import type { Message } from "@a2a-js/sdk";
import { decodeSignedTransaction } from "#shared/ledger/signed-transactions";
import { parseEscrowPayment } from "#shared/x402/escrow-scheme";
import type { PaymentPayload } from "#shared/x402/transport";
import { X402_STATUS_KEY } from "./x402-task.js";

/** The a2a-x402 v0.2 key of the signed PaymentPayload in a payment message's metadata. */
export const X402_PAYLOAD_KEY = "x402.payment.payload";

/** A follow-up message paying for an offered task, read (docs/gateway.md, "A2A", "Payment"). */
export type PaymentSubmission =
  | { kind: "submitted"; payment: PaymentPayload; payer: string }
  | { kind: "refused"; error: X402ErrorCode; message: string };

/**
 * The a2a-x402 error codes this gateway answers (the extension's "Common Error Codes"), and
 * TASK_MISMATCH of its own: a payment made for another offered task.
 */
export type X402ErrorCode =
  | "INSUFFICIENT_FUNDS"
  | "INVALID_SIGNATURE"
  | "DUPLICATE_NONCE"
  | "NETWORK_MISMATCH"
  | "INVALID_AMOUNT"
  | "SETTLEMENT_FAILED"
  | "TASK_MISMATCH";

/**
 * The payment a message to an offered task submits: `x402.payment.status: payment-submitted` and
 * the escrow PaymentPayload under `x402.payment.payload`. A payment pays only the task it was
 * offered for: its make_payment's task id must be the message's task id (the offer's id is the
 * escrow task id it offered), so a payment replayed on another task is refused before anything
 * is submitted. Null: the message submits no payment. The admission step reads the payload again
 * and decodes its bytes itself: it verifies only what it decoded from the payment it settles, the
 * same for every transport, so this decode is not handed to it.
 */
export function paymentSubmissionOf(args: {
  message: Message;
  moduleAddress: string;
  /** The ledger's chain id: a payment for another network is refused. */
  chainId: number;
}): PaymentSubmission | null {
  const metadata = args.message.metadata ?? {};
  if (metadata[X402_STATUS_KEY] !== "payment-submitted") return null;
  const parsed = parseEscrowPayment(metadata[X402_PAYLOAD_KEY], args.chainId);
  if (!parsed.ok) {
    const code = parsed.reason === "wrong_network" ? "NETWORK_MISMATCH" : "INVALID_SIGNATURE";
    return refused(code, `metadata["${X402_PAYLOAD_KEY}"]: ${parsed.message}`);
  }
  let decoded: ReturnType<typeof decodeSignedTransaction>;
  try {
    decoded = decodeSignedTransaction(parsed.signedTransaction, args.moduleAddress);
  } catch {
    return refused("INVALID_SIGNATURE", "the payment's signed transaction cannot be read");
  }
  if (decoded.args.task_id !== args.message.taskId) {
    return refused(
      "TASK_MISMATCH",
      "this payment was made for another task: a payment pays only the task it was offered for",
    );
  }
  return { kind: "submitted", payment: parsed.payment, payer: decoded.sender };
}

function refused(error: X402ErrorCode, message: string): PaymentSubmission {
  return { kind: "refused", error, message };
}
