/**
 * Where x402 v2 carries its objects (docs/x402.md, "Transports"): base64 JSON in three HTTP headers,
 * or `_meta` keys of an MCP tools/call. The codecs are @x402/core's own, so a header this gateway
 * writes is one any x402 client reads, and the other way round.
 */
export {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
export type {
  PaymentPayload,
  PaymentRequired,
  PaymentRequirements,
  SettleResponse,
} from "@x402/core/types";

export const X402_VERSION = 2;

/** Server → client: the base64 PaymentRequired of a 402 answer. */
export const PAYMENT_REQUIRED_HEADER = "PAYMENT-REQUIRED";
/** Client → server: the base64 PaymentPayload carrying the signed transaction. */
export const PAYMENT_SIGNATURE_HEADER = "PAYMENT-SIGNATURE";
/** Server → client: the base64 SettleResponse of a payment the server committed. */
export const PAYMENT_RESPONSE_HEADER = "PAYMENT-RESPONSE";

/** MCP: the PaymentPayload in a tools/call's `params._meta`. */
export const MCP_PAYMENT_META_KEY = "x402/payment";
/** MCP: the SettleResponse in a tool result's `_meta`. */
export const MCP_PAYMENT_RESPONSE_META_KEY = "x402/payment-response";

/**
 * A request that names this media type in Accept asks for x402's 402 answer where SPEC answers
 * 400 `Payment required` (docs/x402.md, "Which answer: 402 or 400").
 */
export const X402_MEDIA_TYPE = "application/x402+json";
