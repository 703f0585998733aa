import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError } from "#shared/errors/app-error";
import { errorBody, errorStatus } from "#shared/errors/bodies";

/** An answer computed by plain logic, written by the route as is. */
export type GatewayAnswer = { status: ContentfulStatusCode; body: Record<string, unknown> };

export function nowIso(): string {
  return new Date().toISOString();
}

/** SPEC error body for an AppError; `status` overrides the table where the issue says so. */
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
