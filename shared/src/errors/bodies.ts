import type { ErrorResponse } from "../schemas/error-response.js";
import type { AppError } from "./app-error.js";
import { ERROR_CODES, type ErrorCode, type ErrorStatus } from "./codes.js";

/**
 * Codes whose body must name the process (docs/gateway.md, "The gateway": execute's 404 and 400s).
 */
export type ProcessScopedErrorCode = "process_not_found" | "payment_required" | "process_inactive";

/**
 * Facts the route knows and the error value does not. `timestamp` is passed in, not read from a
 * clock here, so bodies are deterministic in tests.
 */
export type ErrorBodyContext<C extends ErrorCode = ErrorCode> = {
  timestamp: string;
  processId?: string;
  transactionId?: string;
} & (C extends ProcessScopedErrorCode ? { processId: string } : unknown);

export function errorStatus(err: AppError): ErrorStatus {
  return ERROR_CODES[err.code].status;
}

export function errorMessage(err: AppError): string {
  return err.message ?? ERROR_CODES[err.code].message;
}

/**
 * The error body: `{ success: false, error, code, ...context }` (docs/gateway.md, "The gateway").
 */
export function errorBody<C extends ErrorCode>(
  err: AppError<C>,
  context: ErrorBodyContext<C>,
): ErrorResponse {
  const body: ErrorResponse = {
    success: false,
    error: errorMessage(err),
    code: err.code,
    timestamp: context.timestamp,
  };
  if (context.processId !== undefined) body.processId = context.processId;
  if (context.transactionId !== undefined) body.transactionId = context.transactionId;
  if (err.details !== undefined) body.details = err.details;
  return body;
}
