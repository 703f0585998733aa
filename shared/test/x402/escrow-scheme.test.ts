import { parsePaymentRequired } from "@x402/core/schemas";
import { describe, expect, it } from "vitest";
import {
  APT_ASSET,
  aptosNetwork,
  ESCROW_SCHEME,
  escrowPaymentRequired,
  parseEscrowPayment,
} from "#shared/x402/escrow-scheme";
import {
  decodePaymentRequiredHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentSignatureHeader,
} from "#shared/x402/transport";

const MODULE = "0xa11ce";
const required = () =>
  escrowPaymentRequired({
    error: "Payment required",
    resourceUrl: "https://gateway.example/api/execute/echo",
    description: "echo: 1000 octas per run",
    chainId: 4,
    moduleAddress: MODULE,
    amount: 1000n,
    maxTimeoutSeconds: 120,
    extra: { processId: "echo", taskId: "t-1" },
  });

const paymentFor = (overrides: Record<string, unknown> = {}, payload: unknown = {}) => ({
  x402Version: 2,
  accepted: required().accepts[0],
  payload: { signedTransaction: "0xABCD", ...(payload as object) },
  ...overrides,
});

describe("the escrow scheme's wire objects (docs/x402.md)", () => {
  it("builds a PaymentRequired that @x402/core reads back through its header", () => {
    const header = encodePaymentRequiredHeader(required());
    const decoded = decodePaymentRequiredHeader(header);
    const parsed = parsePaymentRequired(decoded);
    expect(parsed.success).toBe(true);
    expect(decoded.accepts).toEqual([
      expect.objectContaining({
        scheme: ESCROW_SCHEME,
        network: "aptos:4",
        amount: "1000",
        asset: APT_ASSET,
        payTo: `0x${"0".repeat(59)}a11ce`,
        maxTimeoutSeconds: 120,
      }),
    ]);
  });

  it("refuses an amount that is not u64 and extra fields of the wrong shape", () => {
    expect(() => escrowPaymentRequired({ ...argsOf(), amount: 2n ** 64n })).toThrow();
    expect(() =>
      escrowPaymentRequired({ ...argsOf(), extra: { ...argsOf().extra, processId: "" } }),
    ).toThrow();
  });

  it("reads an escrow payment on this chain from its header", () => {
    const header = encodePaymentSignatureHeader(paymentFor() as never);
    const read = parseEscrowPayment(decodePaymentSignatureHeader(header), 4);
    expect(read).toMatchObject({ ok: true, signedTransaction: "0xabcd" });
  });

  it("names what is wrong with a payment that is not ours to take", () => {
    const reasons = [
      [paymentFor({ x402Version: 1 }), "payment", "malformed"],
      [
        paymentFor({ accepted: { ...required().accepts[0], scheme: "exact" } }),
        "scheme",
        "malformed",
      ],
      [
        paymentFor({ accepted: { ...required().accepts[0], network: aptosNetwork(1) } }),
        "network",
        "wrong_network",
      ],
      [paymentFor({}, { signedTransaction: "abcd" }), "signedTransaction", "malformed"],
      [{ x402Version: 2, accepted: required().accepts[0] }, "payment.payload", "malformed"],
      ["not an object", "payment", "malformed"],
    ] as const;
    for (const [value, field, reason] of reasons) {
      const read = parseEscrowPayment(value, 4);
      expect(read, JSON.stringify(value)).toMatchObject({ ok: false, reason });
      if (!read.ok) expect(read.message).toContain(field);
    }
  });
});

function argsOf() {
  return {
    error: "Payment required",
    resourceUrl: "https://gateway.example/api/execute/echo",
    description: "echo",
    chainId: 4,
    moduleAddress: MODULE,
    amount: 1000n,
    maxTimeoutSeconds: 120,
    extra: { processId: "echo", taskId: "t-1" },
  };
}
