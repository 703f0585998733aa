import type { Context } from "hono";
import type { z } from "zod";
import { appError } from "#shared/errors/app-error";
import { errorBody } from "#shared/errors/bodies";
import type { ErrorStatus } from "#shared/errors/codes";
import { errorResponseSchema } from "#shared/schemas/error-response";
import { answerHeaders, type GatewayAnswer, nowIso } from "./respond.js";

/**
 * The edge where an answer computed by plain logic (a GatewayAnswer) becomes a route's typed
 * answer: `c.json(body, status, headers)` of `@hono/zod-openapi`, type-checked against the route's
 * `responses`. The logic's answers are not typed per route, so each is checked on the way out
 * against the schema the route declares for its status (docs/gateway.md, "The OpenAPI document").
 */

/** Whether `value` is what `schema` declares. */
export function conforms<T>(schema: z.ZodType<T>, value: unknown): value is T {
  return schema.safeParse(value).success;
}

/** Whether `status` is one of the route's declared `statuses`. */
export function isOneOf<S extends number>(status: number, statuses: readonly S[]): status is S {
  return statuses.some((s) => s === status);
}

/**
 * An answer its route does not declare is the gateway's own fault: logged, and answered as the
 * 500 every route declares, never sent against its declaration.
 */
export function undeclaredAnswer(c: Context, answer: GatewayAnswer) {
  console.error("gateway: an answer its route does not declare", c.req.path, answer.status);
  return c.json(errorBody(appError("internal_error"), { timestamp: nowIso() }), 500);
}

/** An error answer under one of the route's declared error `statuses`. */
export function errorJson<S extends ErrorStatus>(
  c: Context,
  answer: GatewayAnswer,
  statuses: readonly S[],
) {
  const body: unknown = answer.body;
  const { status } = answer;
  if (isOneOf(status, statuses) && conforms(errorResponseSchema, body)) {
    return c.json(body, status, answerHeaders(answer));
  }
  return undeclaredAnswer(c, answer);
}
