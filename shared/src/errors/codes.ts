/**
 * The one table of error codes every HTTP surface answers with (gateway, agent, devnode).
 * `message` is the default text of the body's `error`; three are fixed texts clients match
 * (`Process not found`, `Payment required`, `Internal server error`: docs/gateway.md).
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, message: "Invalid request" },
  invalid_json: { status: 400, message: "Request body is not valid JSON" },
  payment_required: { status: 400, message: "Payment required" },
  /** x402's answer where SPEC says 400 Payment required (docs/x402.md, "Which answer"). */
  x402_payment_required: { status: 402, message: "Payment required" },
  /** An x402 payment refused before anything is submitted (docs/x402.md, "What the server checks"). */
  payment_invalid: { status: 402, message: "Payment invalid" },
  /** An x402 payment the ledger refused: nothing committed (docs/x402.md). */
  payment_failed: { status: 402, message: "The ledger refused the payment" },
  /** An A2A request to a process without an extension its card requires (docs/gateway.md, "A2A", "Payment"). */
  extension_required: { status: 400, message: "Extension support required" },
  agent_failed: { status: 400, message: "Agent execution failed" },
  ledger_rejected: { status: 400, message: "Ledger rejected the transaction" },
  insufficient_funds: { status: 400, message: "Insufficient funds" },
  unauthorized: { status: 401, message: "Unauthorized" },
  forbidden: { status: 403, message: "Forbidden" },
  paid_runs_unavailable: {
    status: 403,
    message: "This gateway cannot report outcomes for this process, so it does not run it paid",
  },
  not_found: { status: 404, message: "Not found" },
  route_not_found: { status: 404, message: "Route not found" },
  process_not_found: { status: 404, message: "Process not found" },
  payment_not_found: { status: 404, message: "Payment not found" },
  workflow_not_found: { status: 404, message: "Workflow not found" },
  task_not_found: { status: 404, message: "Task not found" },
  transaction_not_found: { status: 404, message: "Transaction not found" },
  method_not_allowed: { status: 405, message: "Method not allowed" },
  conflict: { status: 409, message: "Conflict" },
  /** The x402 payment sent already paid for a run (docs/x402.md, "After the commit"). */
  payment_already_claimed: { status: 409, message: "This payment was already claimed by a run" },
  /**
   * An x402 payment whose transaction committed before this request submitted it: a committed
   * transaction is public, so its bytes prove nothing about who sends them (docs/x402.md, "After
   * the commit").
   */
  payment_already_committed: {
    status: 409,
    message: "This payment committed through an earlier submission; it pays for no run here",
  },
  already_exists: { status: 409, message: "Already exists" },
  /** Another gateway holds this payment's run claim on the ledger (docs/gateway.md, "One payment, one attempt"). */
  payment_claimed_elsewhere: {
    status: 409,
    message: "This payment's run was claimed by another gateway; a payment runs once",
  },
  /** Runs (docs/gateway.md, "Runs"): no such run, or it was deleted after its keep time. */
  run_not_found: { status: 404, message: "Run not found" },
  /** Reading or canceling a run needs its access token or the payer's caller proof. */
  run_token_required: {
    status: 401,
    message:
      "This run is private: send its access token (Authorization: Bearer) or the payer's caller proof",
  },
  run_access_denied: { status: 403, message: "This credential does not give access to this run" },
  /** A final run, or a paid run its agent is working on (docs/gateway.md, "Canceling a run"). */
  run_not_cancelable: { status: 409, message: "This run cannot be canceled" },
  /** A run canceled before it ended: its SPEC answer and record say so (docs/gateway.md, "Canceling a run"). */
  run_canceled: { status: 400, message: "The run was canceled" },
  process_inactive: { status: 400, message: "Process is not active" },
  payload_too_large: { status: 413, message: "Payload too large" },
  unsupported_media_type: { status: 415, message: "Content-Type must be application/json" },
  rate_limited: { status: 429, message: "Too many requests" },
  internal_error: { status: 500, message: "Internal server error" },
  bad_gateway: { status: 502, message: "Bad gateway" },
  agent_unavailable: { status: 502, message: "Agent service unavailable" },
  /** An agent's answer over the gateway's cap for its route (docs/gateway.md, "Agent answers"). */
  agent_answer_too_large: {
    status: 502,
    message: "The agent's answer is over the gateway's limit",
  },
  ledger_unavailable: { status: 503, message: "Ledger unavailable" },
  configuration_error: { status: 503, message: "Service is not configured" },
  upstream_timeout: { status: 504, message: "Upstream timed out" },
} as const satisfies Record<string, { status: ErrorStatus; message: string }>;

/** HTTP statuses an error may carry; narrow enough for Hono's ContentfulStatusCode. */
export type ErrorStatus =
  | 400
  | 402
  | 401
  | 403
  | 404
  | 405
  | 409
  | 413
  | 415
  | 429
  | 500
  | 502
  | 503
  | 504;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
