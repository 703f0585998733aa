import { type AppError, appError } from "#shared/errors/app-error";
import type { ErrorCode } from "#shared/errors/codes";
import { type Failure, refused } from "../http/failure.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";

/**
 * Why the PROCESS_INDEX object does not answer: an error's code and message only. Its answers
 * cross RPC, where a thrown error loses its class (a LedgerError would arrive as a plain Error and
 * become a 500) and an AppError's free-form details cannot be typed (a union member that cannot
 * be sent is dropped from the stub's type).
 */
export type IndexRefusal = { ok: false; code: ErrorCode; message?: string };

/** Every answer of the PROCESS_INDEX object: the list, the figures, or why not. */
export type IndexResult<T> = { ok: true; value: T } | IndexRefusal;

export function refusalOf(error: AppError): IndexRefusal {
  return error.message === undefined
    ? { ok: false, code: error.code }
    : { ok: false, code: error.code, message: error.message };
}

/**
 * Waits for the syncs an answer reads: null once they are done, else the ledger's error as a
 * refusal (docs/gateway.md, "Errors": `ledger_unavailable` 503, `ledger_rejected` 400). Anything
 * that is not a ledger error is rethrown: it is the gateway's own fault, the 500.
 */
export async function syncedOrRefused(syncs: Promise<unknown>[]): Promise<IndexRefusal | null> {
  try {
    await Promise.all(syncs);
    return null;
  } catch (error) {
    return refusalOf(ledgerAppError(error));
  }
}

/** A refusal as the gateway's one failure value, at the edge that answers it (http/failure.ts). */
export function indexFailure(refusal: IndexRefusal, processId?: string): Failure {
  return refused(appError(refusal.code, refusal.message), processId);
}
