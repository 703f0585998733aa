import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { type AppError, appError, toAppError } from "#shared/errors/app-error";
import { errorStatus } from "#shared/errors/bodies";
import { LedgerError } from "#shared/ledger/errors";
import { errorAnswer, send } from "./respond.js";

function appErrorOf(thrown: unknown): AppError {
  if (thrown instanceof HTTPException) {
    if (thrown.status === 413) return appError("payload_too_large");
    if (thrown.status === 400) return appError("invalid_json", thrown.message || undefined);
  }
  // An unreachable ledger is a known condition with its own answer, not a bug.
  if (thrown instanceof LedgerError && thrown.kind === "network")
    return appError("ledger_unavailable");
  return toAppError(thrown);
}

/**
 * The one onError: AppErrors keep their status and message; anything else is SPEC's 500 with
 * the fixed message and no detail (the detail goes to the log, never to the client).
 */
export function onGatewayError(thrown: unknown, c: Context): Response {
  const err = appErrorOf(thrown);
  if (errorStatus(err) >= 500) {
    console.error("gateway: unexpected failure", c.req.method, c.req.path, thrown);
    return send(c, errorAnswer(appError(err.code)));
  }
  return send(c, errorAnswer(err));
}
