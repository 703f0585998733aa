import { type AppError, appError } from "#shared/errors/app-error";
import { LedgerError } from "#shared/ledger/errors";

/**
 * What a caller is told when the ledger refuses or cannot be reached. Anything that is not a
 * LedgerError is rethrown: it is unexpected and becomes the 500 (docs/gateway.md, "The gateway").
 */
export function ledgerAppError(error: unknown): AppError {
  if (!(error instanceof LedgerError)) throw error;
  const details = error.hash === undefined ? undefined : { transactionHash: error.hash };
  switch (error.kind) {
    case "abort":
      if (error.abort?.abortName === "EINSUFFICIENT_BALANCE") {
        return appError("insufficient_funds", error.message, details);
      }
      if (error.abort?.abortName === "EPROCESS_NOT_FOUND") {
        return appError("process_not_found", undefined, details);
      }
      return appError("ledger_rejected", error.message, details);
    case "rejected":
    case "invalid_input":
      return appError("ledger_rejected", error.message, details);
    case "not_found":
      return appError("not_found", error.message, details);
    case "network":
      return appError(
        error.hash === undefined ? "ledger_unavailable" : "upstream_timeout",
        error.hash === undefined
          ? undefined
          : "The transaction was submitted but not seen committed in time; look it up by its hash",
        details,
      );
  }
}
