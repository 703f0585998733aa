import { ABORT_CATEGORIES, type AbortCategory, type AbortName } from "../contract/aborts.js";

/**
 * - abort: a Move abort (a committed failed transaction, or a view that aborted).
 * - rejected: the node refused the request or transaction (vm_error at submit, bad request).
 * - not_found: the node has no such transaction, account resource or module.
 * - network: the node could not be reached or answered 5xx/429, or a wait timed out.
 * - invalid_input: the caller's arguments are wrong; nothing was sent.
 */
export type LedgerErrorKind = "abort" | "rejected" | "not_found" | "network" | "invalid_input";

/** A Move abort, decoded with the shared abort-code table when it is one of ours. */
export interface AbortInfo {
  /** `<address>::<module>` as in vm_status, address as the node printed it. */
  location: string;
  module: string;
  /** The full u64 abort code (category << 16 | reason). */
  code: number;
  reason: number;
  /** The std::error category name, when the category is a known one. */
  category?: AbortCategory;
  /** The abort constant's name (ours from the table; others as vm_status printed them). */
  name?: string;
  /** Our table's name, only when the abort is from our package and the code is known. */
  abortName?: AbortName;
  /** The human message: from the shared table for our aborts, else vm_status's description. */
  description?: string;
}

export interface LedgerErrorInit {
  kind: LedgerErrorKind;
  message: string;
  abort?: AbortInfo;
  /** HTTP status of the node's answer, when there was one. */
  status?: number;
  /** The node's error_code (e.g. vm_error, transaction_not_found). */
  errorCode?: string;
  /** The node's vm_error_code, for rejected transactions. */
  vmErrorCode?: number;
  /** The validation status name, e.g. SEQUENCE_NUMBER_TOO_OLD. */
  vmStatusName?: string;
  /** The raw vm_status of a failed transaction. */
  vmStatus?: string;
  /** Hash of the transaction concerned, when there is one. */
  hash?: string;
  cause?: unknown;
}

/** The one error type of the ledger client; `kind` says what went wrong. */
export class LedgerError extends Error {
  readonly kind: LedgerErrorKind;
  readonly abort?: AbortInfo;
  readonly status?: number;
  readonly errorCode?: string;
  readonly vmErrorCode?: number;
  readonly vmStatusName?: string;
  readonly vmStatus?: string;
  readonly hash?: string;

  constructor(init: LedgerErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "LedgerError";
    this.kind = init.kind;
    if (init.abort !== undefined) this.abort = init.abort;
    if (init.status !== undefined) this.status = init.status;
    if (init.errorCode !== undefined) this.errorCode = init.errorCode;
    if (init.vmErrorCode !== undefined) this.vmErrorCode = init.vmErrorCode;
    if (init.vmStatusName !== undefined) this.vmStatusName = init.vmStatusName;
    if (init.vmStatus !== undefined) this.vmStatus = init.vmStatus;
    if (init.hash !== undefined) this.hash = init.hash;
  }
}

export function isLedgerError(error: unknown, kind?: LedgerErrorKind): error is LedgerError {
  return error instanceof LedgerError && (kind === undefined || error.kind === kind);
}

/** The std::error category name of an abort code, when known. */
export function abortCategoryName(code: number): AbortCategory | undefined {
  const category = Math.floor(code / 0x10000);
  return (Object.keys(ABORT_CATEGORIES) as AbortCategory[]).find(
    (name) => ABORT_CATEGORIES[name] === category,
  );
}

/** An argument refused before anything is signed: `<field>: <why>`. */
export function invalidArgument(field: string, why: string): LedgerError {
  return new LedgerError({ kind: "invalid_input", message: `${field}: ${why}` });
}
