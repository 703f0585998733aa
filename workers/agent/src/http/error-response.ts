import type { Context } from "hono";
import type { AppError } from "#shared/errors/app-error";
import { errorBody, errorStatus } from "#shared/errors/bodies";

/**
 * The one error response of the agent service: the shared error body, plus the fields a route's
 * failure shape needs (`extra`, e.g. /execute's executionTime and logs).
 */
export function errorResponse(c: Context, error: AppError, extra: Record<string, unknown> = {}) {
  return c.json(
    { ...errorBody(error, { timestamp: new Date().toISOString() }), ...extra },
    errorStatus(error),
  );
}
