import { type AppError, appError } from "#shared/errors/app-error";
import {
  decodePaymentSignatureHeader,
  PAYMENT_SIGNATURE_HEADER,
  type PaymentPayload,
  X402_MEDIA_TYPE,
} from "#shared/x402/transport";

/**
 * The PAYMENT-SIGNATURE header, decoded (base64 JSON), or null when absent. Whether it is an
 * escrow payment for this request is the execute and payment logic's check (docs/x402.md,
 * "What the server checks").
 */
export function paymentOf(
  headers: Headers,
): { ok: true; payment: PaymentPayload | null } | { ok: false; error: AppError } {
  const header = headers.get(PAYMENT_SIGNATURE_HEADER);
  if (header === null) return { ok: true, payment: null };
  try {
    return { ok: true, payment: decodePaymentSignatureHeader(header) };
  } catch {
    return {
      ok: false,
      error: appError(
        "validation_failed",
        `header.${PAYMENT_SIGNATURE_HEADER}: not base64 JSON of an x402 PaymentPayload`,
      ),
    };
  }
}

/**
 * Whether the request speaks x402 and so gets 402 where SPEC answers 400 `Payment required`:
 * its Accept names application/x402+json, or it carries a payment (docs/x402.md, "Which answer").
 */
export function speaksX402(headers: Headers): boolean {
  if (headers.has(PAYMENT_SIGNATURE_HEADER)) return true;
  const accept = headers.get("accept") ?? "";
  return accept
    .split(",")
    .some((part) => part.split(";")[0]?.trim().toLowerCase() === X402_MEDIA_TYPE);
}
