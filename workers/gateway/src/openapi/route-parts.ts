import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  CALLER_ORIGIN_HEADER,
  CALLER_PROOF_DOMAIN,
  CALLER_PUBLIC_KEY_HEADER,
  CALLER_SIGNATURE_HEADER,
  CALLER_TIMESTAMP_HEADER,
} from "#shared/auth/caller-proof";
import { errorResponseSchema } from "#shared/schemas/error-response";
import {
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  X402_VERSION,
} from "#shared/x402/transport";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { validationHook } from "../http/validate.js";

/** A router whose routes carry their own OpenAPI description and validate with the one hook. */
export function gatewayRouter() {
  return new OpenAPIHono<GatewayApp>({ defaultHook: validationHook });
}

/** A JSON answer of `schema`, as a route's `responses` entry. */
export function jsonAnswer<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } };
}

/** The JSON request body of a route, required. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

const errorAnswer = jsonAnswer(
  "Error (code says which; docs/gateway.md, Errors)",
  errorResponseSchema,
);

/** The SPEC error body under each of `statuses`. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorAnswer])) as {
    [K in S[number]]: typeof errorAnswer;
  };
}

const callerProofText = `Caller proof (docs/gateway.md, "Caller proof"): the key must be userAddress's authentication key; each signature is accepted once. The signature is a hex Ed25519 signature over the UTF-8 text "${CALLER_PROOF_DOMAIN}\\n" + origin + "\\n" + METHOD + "\\n" + path + "\\n" + timestamp + "\\n" + sha256hex(body).`;

/**
 * The headers a paying or idempotent request may carry. Documented here; their checks (and
 * their 401 and 409 answers) live in http/caller-proof-check.ts and http/raw-body.ts, so the
 * schemas accept any text and never turn a bad proof into a 400.
 */
export const callerHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { message: "1..255 printable ASCII characters" })
    .optional()
    .meta({
      description:
        "Accepted only with a caller proof for userAddress (free processes too). Scoped to (route, userAddress); the same key and body within 24 h return the first answer, another body is 409.",
    }),
  [CALLER_ORIGIN_HEADER]: z
    .string()
    .optional()
    .meta({ description: `This gateway's public origin. ${callerProofText}` }),
  [CALLER_PUBLIC_KEY_HEADER]: z
    .string()
    .optional()
    .meta({ description: "Caller proof: the caller's Ed25519 public key, hex" }),
  [CALLER_TIMESTAMP_HEADER]: z
    .string()
    .optional()
    .meta({ description: "Caller proof: Unix seconds, within 5 minutes of the gateway's clock" }),
  [CALLER_SIGNATURE_HEADER]: z
    .string()
    .optional()
    .meta({ description: "Caller proof: the hex Ed25519 signature described above" }),
});

/**
 * The x402 request header (docs/x402.md, "Transports"). Checked by the payment logic, which
 * answers 402 with the reason, so the schema accepts any text.
 */
export const paymentSignatureHeaderSchema = z.object({
  [PAYMENT_SIGNATURE_HEADER.toLowerCase()]: z.string().optional().meta({
    description:
      "x402 v2: base64 JSON PaymentPayload of the `escrow` scheme, whose payload.signedTransaction is the payer's signed make_payment (docs/x402.md). Send `Accept: application/x402+json` to get 402 rather than 400 when no payment is usable.",
  }),
});

const paymentRequiredHeader = z
  .string()
  .meta({ description: "x402 v2: base64 JSON PaymentRequired (the same object as the body's)" });
const paymentResponseHeader = z.string().meta({
  description: "x402 v2: base64 JSON SettleResponse of the payment this request committed",
});

/** The 402 body: the gateway's error fields and x402's PaymentRequired, side by side. */
export const paymentRequiredResponseSchema = errorResponseSchema
  .extend({
    x402Version: z.literal(X402_VERSION),
    resource: z
      .object({
        url: z.string(),
        description: z.string().optional(),
        mimeType: z.string().optional(),
      })
      .optional(),
    accepts: z.array(
      z.object({
        scheme: z.string(),
        network: z.string(),
        amount: z.string(),
        asset: z.string(),
        payTo: z.string(),
        maxTimeoutSeconds: z.number(),
        extra: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  })
  .meta({
    id: "PaymentRequiredResponse",
    description: "402: no usable payment, or the payment sent was refused (docs/x402.md)",
  });

/** 402 with the PAYMENT-REQUIRED header (and PAYMENT-RESPONSE when the ledger refused it). */
export const paymentRequiredAnswer = {
  ...jsonAnswer(
    "x402: pay as `accepts[0]` describes and send the request again with PAYMENT-SIGNATURE (docs/x402.md)",
    paymentRequiredResponseSchema,
  ),
  headers: z.object({
    [PAYMENT_REQUIRED_HEADER]: paymentRequiredHeader,
    [PAYMENT_RESPONSE_HEADER]: paymentResponseHeader.optional(),
  }),
};

/**
 * An answer that may carry the x402 headers: PAYMENT-RESPONSE when the request committed a
 * payment, PAYMENT-REQUIRED when it offers one (SPEC's 400 Payment required).
 */
export function withPaymentHeaders<T extends object>(answer: T) {
  return {
    ...answer,
    headers: z.object({
      [PAYMENT_REQUIRED_HEADER]: paymentRequiredHeader.optional(),
      [PAYMENT_RESPONSE_HEADER]: paymentResponseHeader.optional(),
    }),
  };
}
