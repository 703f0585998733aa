/** Numeric status and outcome codes stored on the ledger (u8), by module. */
export const PROCESS_STATUS = { active: 0, inactive: 1, maintenance: 2 } as const;
export const PAYMENT_STATUS = { ESCROW: 0, COMPLETED: 1, REFUNDED: 2, CANCELED: 3 } as const;
export const OUTCOME = { NONE: 0, DELIVERED: 1, FAILED: 2 } as const;
export const WORKFLOW_STATUS = { ACTIVE: 0, COMPLETED: 1, CANCELED: 2 } as const;
export const TASK_STATUS = {
  PENDING: 0,
  IN_PROGRESS: 1,
  COMPLETED: 2,
  APPROVED: 3,
  FAILED: 4,
  CANCELED: 5,
} as const;

/**
 * Move constant names of those codes, per module, for the parity test
 * (`const STATUS_ACTIVE: u8 = 0;` and so on).
 */
export const STATUS_CONSTANTS = {
  process_registry: { STATUS_ACTIVE: 0, STATUS_INACTIVE: 1, STATUS_MAINTENANCE: 2 },
  payment: {
    STATUS_ESCROW: 0,
    STATUS_COMPLETED: 1,
    STATUS_REFUNDED: 2,
    STATUS_CANCELED: 3,
    OUTCOME_NONE: 0,
    OUTCOME_DELIVERED: 1,
    OUTCOME_FAILED: 2,
  },
  workflow: {
    WORKFLOW_ACTIVE: 0,
    WORKFLOW_COMPLETED: 1,
    WORKFLOW_CANCELED: 2,
    TASK_PENDING: 0,
    TASK_IN_PROGRESS: 1,
    TASK_COMPLETED: 2,
    TASK_APPROVED: 3,
    TASK_FAILED: 4,
    TASK_CANCELED: 5,
  },
} as const;
