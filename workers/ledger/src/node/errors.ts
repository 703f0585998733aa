/**
 * The fullnode's error vocabulary. A rejection becomes the node's JSON error body
 * `{message, error_code, vm_error_code}` (aptos-node-api.md §0).
 */

/** VM status codes the devnode reports, numbered as in aptos-core's move-core `StatusCode`. */
export const VM_STATUS = {
  INVALID_SIGNATURE: 1,
  INVALID_AUTH_KEY: 2,
  SEQUENCE_NUMBER_TOO_OLD: 3,
  SEQUENCE_NUMBER_TOO_NEW: 4,
  INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE: 5,
  TRANSACTION_EXPIRED: 6,
  MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND: 13,
  MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS: 14,
  GAS_UNIT_PRICE_BELOW_MIN_BOUND: 15,
  GAS_UNIT_PRICE_ABOVE_MAX_BOUND: 16,
  BAD_CHAIN_ID: 23,
  FEATURE_UNDER_GATING: 26,
  NUMBER_OF_TYPE_ARGUMENTS_MISMATCH: 1076,
  LINKER_ERROR: 1081,
  FUNCTION_RESOLUTION_FAILURE: 1091,
  NUMBER_OF_ARGUMENTS_MISMATCH: 1098,
  FAILED_TO_DESERIALIZE_ARGUMENT: 1100,
  EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION: 1103,
} as const;

export type VmStatusName = keyof typeof VM_STATUS;

/** The status class the node prints in "Invalid transaction: Type: <class> Code: <name>". */
function statusType(code: number): string {
  if (code < 1000) return "Validation";
  if (code < 2000) return "Verification";
  return "Execution";
}

/** A request the node refuses: carries the HTTP status and the node's error body. */
export class NodeError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly vmErrorCode: number | null = null,
  ) {
    super(message);
    this.name = "NodeError";
  }

  /** A transaction rejected before execution, worded as the real node words it. */
  static vm(name: VmStatusName, detail?: string): NodeError {
    const code = VM_STATUS[name];
    const base = `Invalid transaction: Type: ${statusType(code)} Code: ${name}`;
    return new NodeError(400, "vm_error", detail ? `${base}: ${detail}` : base, code);
  }

  static invalidInput(message: string): NodeError {
    return new NodeError(400, "invalid_input", message);
  }

  static notFound(errorCode: string, message: string): NodeError {
    return new NodeError(404, errorCode, message);
  }

  /** A development convenience this devnode's configuration leaves off (`DEV_*` vars). */
  static disabled(status: 403 | 404, errorCode: string, variable: string, what: string): NodeError {
    return new NodeError(
      status,
      errorCode,
      `${what} is off on this devnode; set ${variable} = "true" to turn it on (local development only)`,
    );
  }

  /** The node's error body. */
  toJson(): { message: string; error_code: string; vm_error_code: number | null } {
    return { message: this.message, error_code: this.errorCode, vm_error_code: this.vmErrorCode };
  }

  toResponse(): Response {
    return Response.json(this.toJson(), { status: this.status });
  }
}
