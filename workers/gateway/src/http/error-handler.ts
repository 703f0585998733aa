import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { type AppError, appError, toAppError } from "#shared/errors/app-error";
import { errorStatus } from "#shared/errors/bodies";
import { LedgerError } from "#shared/ledger/errors";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { unsupportedMediaType } from "./media-type.js";
import { errorAnswer, send } from "./respond.js";

function appErrorOf(thrown: unknown, c: Context): AppError {
  if (thrown instanceof HTTPException) {
    if (thrown.status === 413) return appError("payload_too_large");
    if (thrown.status === 400) return appError("invalid_json", thrown.message || undefined);
    if (thrown.status === 415) return unsupportedMediaType(c.req.header("content-type"));
  }
  // A ledger refusal or an unreachable ledger is a known condition with its own answer, the
  // same on every route (docs/gateway.md, "Errors"), never a 500.
  if (thrown instanceof LedgerError) return ledgerAppError(thrown);
  return toAppError(thrown);
}

/**
 * The one onError: AppErrors keep their status and message; anything else is the 500 with
 * the fixed message and no detail (docs/gateway.md, "The gateway"): the detail goes to the log,
 * never to the client.
 */
export function onGatewayError(thrown: unknown, c: Context): Response {
  const err = appErrorOf(thrown, c);
  if (errorStatus(err) >= 500) {
    console.error("gateway: unexpected failure", c.req.method, c.req.path, thrown);
    return send(c, errorAnswer(appError(err.code)));
  }
  return send(c, errorAnswer(err, thrown instanceof LedgerError ? processOf(c) : {}));
}

// A ledger refusal on a process's route names the process, as execute's 404 does (docs/gateway.md, "Errors").
function processOf(c: Context): { processId?: string } {
  const id = c.req.param("processId");
  return typeof id === "string" && id !== "" ? { processId: id } : {};
}
