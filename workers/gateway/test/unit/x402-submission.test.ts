import { type Message, Role } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { escrowPaymentRequired } from "#shared/x402/escrow-scheme";
import { paymentSubmissionOf } from "../../src/a2a/x402-submission.js";

// The a2a-x402 refusal codes of a payment message that cannot be read (docs/gateway.md,
// "Payment (a2a-x402 v0.2)"): told apart by parseEscrowPayment's reason, not by its wording.

const MODULE = "0xa11ce";

function paymentMessage(payload: unknown): Message {
  return {
    messageId: "m-1",
    contextId: "",
    taskId: "t-1",
    role: Role.ROLE_USER,
    parts: [],
    metadata: { "x402.payment.status": "payment-submitted", "x402.payment.payload": payload },
    extensions: [],
    referenceTaskIds: [],
  };
}

function payloadOn(chainId: number) {
  const required = escrowPaymentRequired({
    error: "Payment required",
    resourceUrl: "https://gateway.example/a2a/echo",
    description: "echo",
    chainId,
    moduleAddress: MODULE,
    amount: 1000n,
    maxTimeoutSeconds: 120,
    extra: { processId: "echo", taskId: "t-1" },
  });
  return { x402Version: 2, accepted: required.accepts[0], payload: { signedTransaction: "0xab" } };
}

describe("paymentSubmissionOf", () => {
  it("answers NETWORK_MISMATCH for another chain's payment", () => {
    const read = paymentSubmissionOf({
      message: paymentMessage(payloadOn(2)),
      moduleAddress: MODULE,
      chainId: 4,
    });
    expect(read).toMatchObject({ kind: "refused", error: "NETWORK_MISMATCH" });
  });

  it("answers INVALID_SIGNATURE for a payload that is no escrow payment, or unreadable bytes", () => {
    // A network field that is no network at all is unreadable, not another chain's: a reading of
    // the message's words would take it for NETWORK_MISMATCH.
    const noNetwork = { ...payloadOn(4), accepted: { ...payloadOn(4).accepted, network: 5 } };
    for (const payload of [{ x402Version: 2 }, "garbage", payloadOn(4), noNetwork]) {
      const read = paymentSubmissionOf({
        message: paymentMessage(payload),
        moduleAddress: MODULE,
        chainId: 4,
      });
      expect(read, JSON.stringify(payload)).toMatchObject({
        kind: "refused",
        error: "INVALID_SIGNATURE",
      });
    }
  });

  it("reads no submission from a message that submits no payment", () => {
    const message = { ...paymentMessage(payloadOn(4)), metadata: {} };
    expect(paymentSubmissionOf({ message, moduleAddress: MODULE, chainId: 4 })).toBeNull();
  });
});
