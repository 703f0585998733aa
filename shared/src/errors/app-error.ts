import type { ErrorCode } from "./codes.js";

/** Extra, non-secret facts for the client (e.g. the failing fields of a validation error). */
export type ErrorDetails = Record<string, unknown>;

/**
 * Errors are values: logic returns them (see `Result`) and routes turn them into bodies with
 * `errorBody`. `message` overrides the table's default text.
 */
export type AppError<C extends ErrorCode = ErrorCode> = {
  code: C;
  message?: string;
  details?: ErrorDetails;
};

export function appError<C extends ErrorCode>(
  code: C,
  message?: string,
  details?: ErrorDetails,
): AppError<C> {
  const err: AppError<C> = { code };
  if (message !== undefined) err.message = message;
  if (details !== undefined) err.details = details;
  return err;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}

/**
 * For the places where a value cannot be returned (middleware, deep callbacks): throw this and
 * the one onError turns it into the same body a returned AppError would give.
 */
export class AppErrorException extends Error {
  readonly appError: AppError;

  constructor(appError: AppError) {
    super(appError.message ?? appError.code);
    this.name = "AppErrorException";
    this.appError = appError;
  }
}

/** What onError should answer for anything thrown: its AppError, else internal_error. */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppErrorException) return thrown.appError;
  return appError("internal_error");
}
