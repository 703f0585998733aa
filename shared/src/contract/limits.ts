/**
 * Limits and settings of the `agent_platform` package. The Move sources declare each as a
 * `const NAME: u64 = value;` and the parity test checks that both agree.
 */
export const LIMITS = {
  MAX_ID_BYTES: 64,
  MAX_PAYMENT_TASK_ID_BYTES: 128,
  MAX_NAME_BYTES: 128,
  MAX_DESCRIPTION_BYTES: 1024,
  MAX_SERVICE_URL_BYTES: 512,
  MAX_TAGS: 16,
  MAX_TAG_BYTES: 32,
  MAX_AGENTS: 16,
  MAX_WORKFLOWS: 32,
  MAX_PAGE: 100,
  MAX_OPEN_PAYMENTS: 64,
  MAX_RESULT_HASH_BYTES: 64,
  DEFAULT_REFUND_WINDOW_SECS: 604_800,
  MIN_REFUND_WINDOW_SECS: 3_600,
  MAX_REFUND_WINDOW_SECS: 31_536_000,
  MAX_TASKS: 64,
  MAX_DEPENDENCIES: 16,
} as const;

export type LimitName = keyof typeof LIMITS;

/** Which Move module declares which limit constant (a constant may be declared in several). */
export const LIMITS_BY_MODULE = {
  process_registry: [
    "MAX_ID_BYTES",
    "MAX_NAME_BYTES",
    "MAX_DESCRIPTION_BYTES",
    "MAX_SERVICE_URL_BYTES",
    "MAX_TAGS",
    "MAX_TAG_BYTES",
    "MAX_AGENTS",
    "MAX_WORKFLOWS",
    "MAX_PAGE",
  ],
  payment: [
    "MAX_PAYMENT_TASK_ID_BYTES",
    "MAX_OPEN_PAYMENTS",
    "MAX_RESULT_HASH_BYTES",
    "DEFAULT_REFUND_WINDOW_SECS",
    "MIN_REFUND_WINDOW_SECS",
    "MAX_REFUND_WINDOW_SECS",
  ],
  workflow: [
    "MAX_ID_BYTES",
    "MAX_NAME_BYTES",
    "MAX_DESCRIPTION_BYTES",
    "MAX_TASKS",
    "MAX_DEPENDENCIES",
  ],
} as const satisfies Record<string, readonly LimitName[]>;

/** The only currency the package accepts; APT is the only asset that moves. */
export const CURRENCY = "APT";

/**
 * Seed of the escrow vault, `object::create_named_object(publisher, seed)`: the vault's address is
 * sha3_256(publisher ‖ seed ‖ 0xFE). process_registry declares it (`VAULT_SEED`) to refuse the
 * vault as a payment address, payment creates the vault with it; the parity test checks both.
 */
export const ESCROW_VAULT_SEED = "agent_platform::escrow_vault";

/** Process ids the registry assigns itself start with this; callers may not choose one that does. */
export const ASSIGNED_ID_PREFIX = "proc-";

/** Byte charset of process, workflow and task ids. */
export const ID_CHARSET = /^[A-Za-z0-9._-]+$/;

/** URL schemes a process's service_url may use. */
export const SERVICE_URL_SCHEMES = ["https://", "http://", "service://"] as const;
