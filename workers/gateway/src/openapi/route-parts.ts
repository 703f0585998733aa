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
