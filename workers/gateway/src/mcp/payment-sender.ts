import { decodeSignedTransaction } from "#shared/ledger/signed-transactions";
import { escrowPayloadSchema } from "#shared/x402/escrow-scheme";
import type { PaymentPayload } from "#shared/x402/transport";

/**
 * The account an escrow payment is signed by: an MCP caller that pays needs to name nobody else
 * (docs/mcp.md, "Who calls"). Null when the payload is not one; the execute path then refuses it
 * with its reason (docs/x402.md, "What the server checks").
 */
export function paymentSender(payment: PaymentPayload, moduleAddress: string): string | null {
  const payload = escrowPayloadSchema.safeParse(payment.payload);
  if (!payload.success) return null;
  try {
    return decodeSignedTransaction(payload.data.signedTransaction, moduleAddress).sender;
  } catch {
    return null;
  }
}
