/**
 * The abort codes of the `agent_platform` package: one table for the Move sources, the devnode
 * and the client. An abort code on chain is `category << 16 | reason` (std::error). Each Move
 * module declares the constants it uses as `const ENAME: u64 = reason;` with the reason below,
 * and aborts with `error::<category>(ENAME)`. The parity test reads the Move sources against this.
 */
export const ABORT_CATEGORIES = {
  invalid_argument: 0x1,
  out_of_range: 0x2,
  invalid_state: 0x3,
  unauthenticated: 0x4,
  permission_denied: 0x5,
  not_found: 0x6,
  aborted: 0x7,
  already_exists: 0x8,
  resource_exhausted: 0x9,
} as const;

export type AbortCategory = keyof typeof ABORT_CATEGORIES;

export interface AbortCodeRow {
  reason: number;
  category: AbortCategory;
  message: string;
}

export const ABORT_CODES = {
  // process_registry
  EPROCESS_NOT_FOUND: { reason: 1, category: "not_found", message: "Process not found" },
  EPROCESS_EXISTS: {
    reason: 2,
    category: "already_exists",
    message: "A process with this id exists or existed; ids are never reused",
  },
  ENOT_PROCESS_OWNER: {
    reason: 3,
    category: "permission_denied",
    message: "Only the process owner may do this",
  },
  EINVALID_ID: {
    reason: 4,
    category: "invalid_argument",
    message: "Ids are 1 to 64 bytes of letters, digits, '.', '_' and '-'",
  },
  EINVALID_NAME: { reason: 5, category: "invalid_argument", message: "Names are 1 to 128 bytes" },
  EDESCRIPTION_TOO_LONG: {
    reason: 6,
    category: "invalid_argument",
    message: "Descriptions are at most 1024 bytes",
  },
  EINVALID_SERVICE_URL: {
    reason: 7,
    category: "invalid_argument",
    message:
      "The service URL must be 1 to 512 bytes and start with https://, http:// or service://",
  },
  ETOO_MANY_TAGS: { reason: 8, category: "invalid_argument", message: "At most 16 tags" },
  EINVALID_TAG: { reason: 9, category: "invalid_argument", message: "Tags are 1 to 32 bytes" },
  ETOO_MANY_AGENTS: { reason: 10, category: "invalid_argument", message: "At most 16 agents" },
  ETOO_MANY_WORKFLOWS: {
    reason: 11,
    category: "invalid_argument",
    message: "At most 32 workflows, each a valid id",
  },
  EINVALID_STATUS: {
    reason: 12,
    category: "invalid_argument",
    message: "Process status must be 0 (active), 1 (inactive) or 2 (maintenance)",
  },
  EUNSUPPORTED_CURRENCY: {
    reason: 13,
    category: "invalid_argument",
    message: "Only APT is accepted as currency",
  },
  ERESERVED_ID_PREFIX: {
    reason: 14,
    category: "invalid_argument",
    message: "Ids starting with 'proc-' are assigned by the registry",
  },
  EPAYMENT_ADDRESS_IS_VAULT: {
    reason: 15,
    category: "invalid_argument",
    message: "The payment address may not be the escrow vault's own address",
  },
  // payment
  ENOT_ADMIN: {
    reason: 20,
    category: "permission_denied",
    message: "Only the package admin may do this",
  },
  EPROCESS_NOT_ACTIVE: {
    reason: 21,
    category: "invalid_state",
    message: "The process is not active",
  },
  EINVALID_TASK_ID: {
    reason: 22,
    category: "invalid_argument",
    message: "Payment task ids are 1 to 128 bytes of letters, digits, '.', '_' and '-'",
  },
  EZERO_AMOUNT: { reason: 23, category: "invalid_argument", message: "The amount must be above 0" },
  EAMOUNT_BELOW_PRICE: {
    reason: 24,
    category: "invalid_argument",
    message: "The amount is below the process's task price",
  },
  EPAYMENT_EXISTS: {
    reason: 25,
    category: "already_exists",
    message: "A payment for this process, task and payer exists; keys are never reused",
  },
  EINSUFFICIENT_BALANCE: {
    reason: 26,
    category: "invalid_argument",
    message: "The payer's APT balance is below the amount",
  },
  ETOO_MANY_OPEN_PAYMENTS: {
    reason: 27,
    category: "resource_exhausted",
    message: "At most 64 open payments per process and payer",
  },
  EPAYMENT_NOT_FOUND: { reason: 28, category: "not_found", message: "Payment not found" },
  ENOT_IN_ESCROW: {
    reason: 29,
    category: "invalid_state",
    message: "The payment is no longer in escrow",
  },
  EREFUND_WINDOW_CLOSED: {
    reason: 30,
    category: "invalid_state",
    message: "The refund window has closed; use settle",
  },
  EOUTCOME_NOT_FAILED: {
    reason: 31,
    category: "invalid_state",
    message: "A refund needs the provider to have reported the task failed",
  },
  ENOT_RECEIVER_OR_PROVIDER: {
    reason: 32,
    category: "permission_denied",
    message: "Only the payment's receiver or provider may cancel it",
  },
  ESETTLE_TOO_EARLY: {
    reason: 33,
    category: "invalid_state",
    message: "The payment can be settled only after its settle time",
  },
  EOUTCOME_ALREADY_SET: {
    reason: 34,
    category: "invalid_state",
    message: "The outcome was already reported",
  },
  ENOT_PROVIDER_OR_AGENT: {
    reason: 35,
    category: "permission_denied",
    message: "Only the provider or one of the process's agents may report an outcome",
  },
  EINVALID_RESULT_HASH: {
    reason: 36,
    category: "invalid_argument",
    message: "A result hash is at most 64 bytes",
  },
  EINVALID_REFUND_WINDOW: {
    reason: 37,
    category: "invalid_argument",
    message: "The refund window must be 3600 to 31536000 seconds",
  },
  EOUTCOME_TOO_LATE: {
    reason: 38,
    category: "invalid_state",
    message: "An outcome can be reported only until the payment's settle time",
  },
  ERUN_ALREADY_CLAIMED: {
    reason: 39,
    category: "already_exists",
    message: "This payment's run was already claimed; it runs once",
  },
  // workflow
  EWORKFLOW_NOT_FOUND: { reason: 40, category: "not_found", message: "Workflow not found" },
  EWORKFLOW_EXISTS: {
    reason: 41,
    category: "already_exists",
    message: "A workflow with this id exists",
  },
  ENOT_WORKFLOW_OWNER: {
    reason: 42,
    category: "permission_denied",
    message: "Only the workflow owner may do this",
  },
  EWORKFLOW_NOT_ACTIVE: {
    reason: 43,
    category: "invalid_state",
    message: "The workflow is not active",
  },
  ETASK_NOT_FOUND: { reason: 44, category: "not_found", message: "Task not found" },
  ETASK_EXISTS: {
    reason: 45,
    category: "already_exists",
    message: "A task with this id exists in the workflow",
  },
  ETOO_MANY_TASKS: {
    reason: 46,
    category: "resource_exhausted",
    message: "At most 64 tasks per workflow",
  },
  ETOO_MANY_DEPENDENCIES: {
    reason: 47,
    category: "invalid_argument",
    message: "At most 16 dependencies per task",
  },
  EDEPENDENCY_NOT_FOUND: {
    reason: 48,
    category: "invalid_argument",
    message: "Every dependency must already be a task of the workflow",
  },
  EINVALID_TRANSITION: {
    reason: 49,
    category: "invalid_state",
    message: "That task status change is not allowed from the current status",
  },
  ENOT_AUTHORIZED: {
    reason: 50,
    category: "permission_denied",
    message: "The caller may not make this task status change",
  },
  EDEPENDENCIES_NOT_DONE: {
    reason: 51,
    category: "invalid_state",
    message: "Every dependency must be completed or approved first",
  },
  ENOT_REQUESTER: {
    reason: 52,
    category: "permission_denied",
    message: "Only the task's requester may approve it",
  },
  ETASK_NOT_COMPLETED: {
    reason: 53,
    category: "invalid_state",
    message: "The task must be completed before approval",
  },
  EPAYMENT_PENDING: {
    reason: 54,
    category: "invalid_state",
    message: "The task has a payment in escrow; use approve_task_and_release_payment",
  },
  EINVALID_TASK_STATUS: {
    reason: 55,
    category: "invalid_argument",
    message:
      "Task status must be 0 to 5 (pending, in progress, completed, approved, failed, canceled)",
  },
} as const satisfies Record<string, AbortCodeRow>;

export type AbortName = keyof typeof ABORT_CODES;

/** Which abort constants each Move module declares (exactly these, no others). */
export const ABORTS_BY_MODULE = {
  process_registry: [
    "EPROCESS_NOT_FOUND",
    "EPROCESS_EXISTS",
    "ENOT_PROCESS_OWNER",
    "EINVALID_ID",
    "EINVALID_NAME",
    "EDESCRIPTION_TOO_LONG",
    "EINVALID_SERVICE_URL",
    "ETOO_MANY_TAGS",
    "EINVALID_TAG",
    "ETOO_MANY_AGENTS",
    "ETOO_MANY_WORKFLOWS",
    "EINVALID_STATUS",
    "EUNSUPPORTED_CURRENCY",
    "ERESERVED_ID_PREFIX",
    "EPAYMENT_ADDRESS_IS_VAULT",
  ],
  payment: [
    "EPROCESS_NOT_FOUND",
    "ENOT_ADMIN",
    "EPROCESS_NOT_ACTIVE",
    "EINVALID_TASK_ID",
    "EZERO_AMOUNT",
    "EAMOUNT_BELOW_PRICE",
    "EPAYMENT_EXISTS",
    "EINSUFFICIENT_BALANCE",
    "ETOO_MANY_OPEN_PAYMENTS",
    "EPAYMENT_NOT_FOUND",
    "ENOT_IN_ESCROW",
    "EREFUND_WINDOW_CLOSED",
    "EOUTCOME_NOT_FAILED",
    "ENOT_RECEIVER_OR_PROVIDER",
    "ESETTLE_TOO_EARLY",
    "EOUTCOME_ALREADY_SET",
    "ENOT_PROVIDER_OR_AGENT",
    "EINVALID_RESULT_HASH",
    "EINVALID_REFUND_WINDOW",
    "EOUTCOME_TOO_LATE",
    "ERUN_ALREADY_CLAIMED",
  ],
  workflow: [
    "EPROCESS_NOT_FOUND",
    "EINVALID_ID",
    "EINVALID_NAME",
    "EDESCRIPTION_TOO_LONG",
    "EPAYMENT_NOT_FOUND",
    "ENOT_IN_ESCROW",
    "EWORKFLOW_NOT_FOUND",
    "EWORKFLOW_EXISTS",
    "ENOT_WORKFLOW_OWNER",
    "EWORKFLOW_NOT_ACTIVE",
    "ETASK_NOT_FOUND",
    "ETASK_EXISTS",
    "ETOO_MANY_TASKS",
    "ETOO_MANY_DEPENDENCIES",
    "EDEPENDENCY_NOT_FOUND",
    "EINVALID_TRANSITION",
    "ENOT_AUTHORIZED",
    "EDEPENDENCIES_NOT_DONE",
    "ENOT_REQUESTER",
    "ETASK_NOT_COMPLETED",
    "EPAYMENT_PENDING",
    "EINVALID_TASK_STATUS",
  ],
} as const satisfies Record<string, readonly AbortName[]>;

/** The full u64 abort code of a named abort: category << 16 | reason. */
export function abortCode(name: AbortName): number {
  const row: AbortCodeRow = ABORT_CODES[name];
  return ABORT_CATEGORIES[row.category] * 0x10000 + row.reason;
}

/** Decodes an on-chain abort code (category in the high bits, reason in the low 16) to its row. */
export function describeAbortCode(
  code: number,
): { name: AbortName; row: AbortCodeRow } | undefined {
  const reason = code & 0xffff;
  const category = Math.floor(code / 0x10000);
  for (const [name, row] of Object.entries(ABORT_CODES) as [AbortName, AbortCodeRow][]) {
    if (row.reason === reason && ABORT_CATEGORIES[row.category] === category) return { name, row };
  }
  return undefined;
}
