import { LedgerError } from "#shared/ledger/errors";

/** The LedgerError `promise` rejects with; anything else (or no rejection) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<LedgerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error("expected a LedgerError");
}
