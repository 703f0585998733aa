import { z } from "zod";
import { PACKAGE_NAME } from "../contract/modules.js";
import { displayAddress } from "../schemas/address-format.js";
import { abortMessage, parseMoveAbort } from "./abort-parse.js";
import { LedgerError, type LedgerErrorInit } from "./errors.js";

/** A node's non-2xx answer: status and the parsed body (JSON, or the transport's stand-in). */
export interface NodeErrorAnswer {
  status: number;
  statusText?: string;
  data: unknown;
  cause?: unknown;
}

const nodeErrorBody = z.object({
  message: z.string().optional(),
  error_code: z.string().optional(),
  vm_error_code: z.number().nullable().optional(),
});

// "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD"
const VALIDATION_CODE = /Code:\s*([A-Z][A-Z0-9_]+)/;

// The VM's names for a call it cannot link: the module, or the function in it, is not published.
const NOT_PUBLISHED = /\b(LINKER_ERROR|FUNCTION_RESOLUTION_FAILURE)\b/;

/**
 * A view or transaction of our package that the node cannot link, named for what it means: the
 * module address holds no agent_platform package (a wrong -m/--module-address, or the wrong
 * network). The client calls nothing else that could fail to link. One mapping for views,
 * simulations and committed transactions.
 */
export function missingPackageError(
  text: string,
  moduleAddress: string | undefined,
  init: Partial<LedgerErrorInit> = {},
): LedgerError | undefined {
  const name = NOT_PUBLISHED.exec(text)?.[1];
  if (name === undefined || moduleAddress === undefined) return undefined;
  // "rejected", as any call the node refuses: for the gateway this stays a ledger refusal
  // (its own configuration), not a 404 for a client's resource.
  return new LedgerError({
    ...init,
    kind: "rejected",
    message: `no ${PACKAGE_NAME} package at ${displayAddress(moduleAddress)} (the node answered ${name})`,
    vmStatusName: name,
  });
}

/** The LedgerError for a node's error answer, the same whether the SDK or the client made the call. */
export function nodeAnswerError(
  answer: NodeErrorAnswer,
  moduleAddress: string | undefined,
): LedgerError {
  const parsed = nodeErrorBody.safeParse(answer.data);
  const body = parsed.success ? parsed.data : {};
  const nodeMessage = body.message ?? answer.statusText ?? `HTTP ${answer.status}`;
  const base = {
    status: answer.status,
    ...(body.error_code === undefined ? {} : { errorCode: body.error_code }),
    ...(answer.cause === undefined ? {} : { cause: answer.cause }),
  };
  const abort = parseMoveAbort(nodeMessage, moduleAddress);
  if (abort)
    return new LedgerError({ ...base, kind: "abort", message: abortMessage(abort), abort });
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408) {
    return new LedgerError({
      ...base,
      kind: "network",
      message: `Ledger node error (HTTP ${answer.status}): ${nodeMessage}`,
    });
  }
  const missing = missingPackageError(nodeMessage, moduleAddress, base);
  if (missing) return missing;
  if (answer.status === 404)
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
