import { AptosApiError } from "@aptos-labs/ts-sdk";
import { z } from "zod";
import { abortMessage, parseMoveAbort } from "./abort-parse.js";
import { LedgerError } from "./errors.js";

const nodeErrorBody = z.object({
  message: z.string().optional(),
  error_code: z.string().optional(),
  vm_error_code: z.number().nullable().optional(),
});

// "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD"
const VALIDATION_CODE = /Code:\s*([A-Z][A-Z0-9_]+)/;

function fromApiError(error: AptosApiError, moduleAddress: string | undefined): LedgerError {
  const parsed = nodeErrorBody.safeParse(error.data);
  const body = parsed.success ? parsed.data : {};
  const nodeMessage = body.message ?? error.statusText ?? `HTTP ${error.status}`;
  const base = {
    status: error.status,
    ...(body.error_code === undefined ? {} : { errorCode: body.error_code }),
    cause: error,
  };
  const abort = parseMoveAbort(nodeMessage, moduleAddress);
  if (abort)
    return new LedgerError({ ...base, kind: "abort", message: abortMessage(abort), abort });
  if (error.status >= 500 || error.status === 429 || error.status === 408) {
    return new LedgerError({
      ...base,
      kind: "network",
      message: `Ledger node error (HTTP ${error.status}): ${nodeMessage}`,
    });
  }
  if (error.status === 404)
    return new LedgerError({ ...base, kind: "not_found", message: nodeMessage });
  if (body.error_code === "vm_error" || typeof body.vm_error_code === "number") {
    const name = VALIDATION_CODE.exec(nodeMessage)?.[1];
    return new LedgerError({
      ...base,
      kind: "rejected",
      message: `Transaction rejected: ${name ?? nodeMessage}`,
      ...(typeof body.vm_error_code === "number" ? { vmErrorCode: body.vm_error_code } : {}),
      ...(name === undefined ? {} : { vmStatusName: name }),
    });
  }
  return new LedgerError({
    ...base,
    kind: "rejected",
    message: `Ledger node refused the request: ${nodeMessage}`,
  });
}

/**
 * Turns anything the SDK or the transport throws into a LedgerError. Errors thrown while
 * checking arguments before anything is sent (bad address, wrong argument type) are
 * invalid_input.
 */
export function toLedgerError(error: unknown, moduleAddress?: string): LedgerError {
  if (error instanceof LedgerError) return error;
  if (error instanceof AptosApiError) return fromApiError(error, moduleAddress);
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
