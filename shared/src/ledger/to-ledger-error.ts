import { AptosApiError } from "@aptos-labs/ts-sdk";
import { LedgerError } from "./errors.js";
import { nodeAnswerError } from "./node-error.js";

/**
 * Turns anything the SDK or the transport throws into a LedgerError. Errors thrown while
 * checking arguments before anything is sent (bad address, wrong argument type) are
 * invalid_input.
 */
export function toLedgerError(error: unknown, moduleAddress?: string): LedgerError {
  if (error instanceof LedgerError) return error;
  if (error instanceof AptosApiError) {
    return nodeAnswerError(
      { status: error.status, statusText: error.statusText, data: error.data, cause: error },
      moduleAddress,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LedgerError({ kind: "invalid_input", message, cause: error });
}

/** Runs `work`, rethrowing every failure as a LedgerError. */
export async function ledgerCall<T>(
  moduleAddress: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toLedgerError(error, moduleAddress);
  }
}
