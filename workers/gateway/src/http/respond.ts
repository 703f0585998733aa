import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError } from "#shared/errors/app-error";
import { errorBody, errorStatus } from "#shared/errors/bodies";

/** An answer computed by plain logic, written by the route as is. */
export type GatewayAnswer = { status: ContentfulStatusCode; body: Record<string, unknown> };

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

export function send(c: Context, answer: GatewayAnswer): Response {
  return c.json(answer.body, answer.status);
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
