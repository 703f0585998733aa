import { A2AError } from "@a2a-js/sdk/errors";
import { appError } from "#shared/errors/app-error";
import { LedgerError } from "#shared/ledger/errors";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { a2aErrorOf } from "./a2a-errors.js";

/**
 * What an A2A client is told of an error a handler method threw: an A2A error as it is; the
 * ledger's failure as the HTTP API tells it (ledger_unavailable, ledger_rejected); anything else
 * only as "Internal server error", logged here, since the SDK's transports would otherwise echo
 * its message (a node's address, the start of a node's body) to the client.
 */
export function a2aFault(error: unknown): A2AError {
  if (error instanceof A2AError) return error;
  if (error instanceof LedgerError) return a2aErrorOf(ledgerAppError(error));
  console.error("gateway: A2A handler failed", error);
  return a2aErrorOf(appError("internal_error"));
}

/** `work`'s value, its error as a2aFault says. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw a2aFault(error);
  }
}

/** `stream`'s events, its error as a2aFault says. */
export async function* guardedStream<T>(stream: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* stream;
  } catch (error) {
    throw a2aFault(error);
  }
}
