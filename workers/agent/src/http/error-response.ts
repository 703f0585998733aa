import type { Context } from "hono";
import type { AppError } from "../../../../shared/src/errors/app-error.js";
import { ERROR_CODES } from "../../../../shared/src/errors/codes.js";

/**
 * The one error body of the agent service: `success: false`, the message, the code of the shared
 * table and its details. `extra` adds the fields a route's failure shape needs (e.g. /execute's
 * executionTime and logs).
 */
export function errorResponse(c: Context, error: AppError, extra: Record<string, unknown> = {}) {
  const entry = ERROR_CODES[error.code];
  return c.json(
    {
      success: false as const,
      error: error.message ?? entry.message,
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
      ...extra,
    },
    entry.status,
  );
}
