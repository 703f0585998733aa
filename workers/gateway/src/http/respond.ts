import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError } from "#shared/errors/app-error";
import { errorBody, errorMessage, errorStatus } from "#shared/errors/bodies";
import {
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  type PaymentRequired,
  type SettleResponse,
} from "#shared/x402/transport";

/**
 * An answer computed by plain logic, written by the transport as is. `x402` holds the x402
 * objects that travel beside the body: HTTP writes them as the PAYMENT-REQUIRED and
 * PAYMENT-RESPONSE headers, MCP as structuredContent and _meta (docs/x402.md, "Transports").
 */
export type GatewayAnswer = {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
  x402?: { required?: PaymentRequired; response?: SettleResponse };
  /** Other headers of the HTTP answer (a 202's Location and Preference-Applied). */
  headers?: Record<string, string>;
};

export function nowIso(): string {
  return new Date().toISOString();
}

export function errorAnswer(
  err: AppError,
  ids: { processId?: string; transactionId?: string } = {},
): GatewayAnswer {
  return {
    status: errorStatus(err),
    body: errorBody(err, { timestamp: nowIso(), ...ids }),
  };
}

/**
 * SPEC's failed-run 400 (SPEC.md, "Errors": execute, "agent process fails"): a run that failed,
 * or cannot happen, because of the agent or the caller's data. It names a transaction id even
 * when nothing ran, and adds the gateway's `code` and `details` (e.g. `validation_failed` with
 * `details.issues`, `agent_unavailable` with `details.reason`) whatever the code's own status
 * is: the gateway answers 5xx only for its own faults (docs/gateway.md, "Execute").
 */
export function failedRunAnswer(args: {
  error: AppError;
  transactionId: string;
  processId: string;
}): GatewayAnswer {
  const { error, transactionId, processId } = args;
  return {
    status: 400,
    body: {
      success: false,
      transactionId,
      processId,
      status: "failed",
      error: errorMessage(error),
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
      timestamp: nowIso(),
    },
  };
}

export function send(c: Context, answer: GatewayAnswer): Response {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.x402?.required !== undefined) {
    headers[PAYMENT_REQUIRED_HEADER] = encodePaymentRequiredHeader(answer.x402.required);
  }
  if (answer.x402?.response !== undefined) {
    headers[PAYMENT_RESPONSE_HEADER] = encodePaymentResponseHeader(answer.x402.response);
  }
  return c.json(answer.body, answer.status, headers);
}

/**
 * A route's answer computed by shared logic (runExecute, runPayment, the error bodies): its
 * static type is not tied to one route's declaration, so it is returned as the route's typed
 * answer. Every answer the tests see is checked against the route's declared statuses and
 * schemas instead (docs/gateway.md, "The OpenAPI document").
 */
export function sendDeclared(c: Context, answer: GatewayAnswer | { text: string; status: 200 }) {
  if ("text" in answer) {
    return c.body(answer.text, answer.status, { "content-type": "application/json" }) as never;
  }
  return send(c, answer) as never;
}
