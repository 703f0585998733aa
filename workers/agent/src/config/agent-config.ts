import { z } from "zod";
import {
  AGENT_SIGNATURE_LIFETIME_SECONDS,
  parseGatewayPublicKey,
} from "#shared/auth/agent-signature";
import { LIMITS } from "#shared/contract/limits";
import { formatZodIssue } from "#shared/errors/validation";
import { addressSchema } from "#shared/schemas/address";
import { amountStringSchema } from "#shared/schemas/amount";
import { processIdSchema, workflowIdSchema } from "#shared/schemas/ids";
import { processNameSchema } from "#shared/schemas/process";

/**
 * One deployment serves one process: its identity, workflows and limits come from the Worker's
 * vars (wrangler.jsonc `vars`), falling back to what the agent's definition says. Values may be
 * strings or numbers, as wrangler passes both. None of them is secret: the gateway's public keys
 * and the owner's address say whose signed requests the agent serves (docs/agent.md).
 */

/**
 * Whom the agent serves (docs/agent.md, "Gateway signatures"). Without a gateway key it serves
 * nobody (fails closed), unless the development switch lets unsigned loopback calls in.
 */
export type GatewayAuth = {
  /** AGENT_GATEWAY_PUBLIC_KEYS: `0x` + 64 lowercase hex each; more than one during a rotation. */
  keys: string[];
  /** AGENT_OWNER_ADDRESS, long form; null only when no key is configured. */
  ownerAddress: string | null;
  /** AGENT_ALLOW_UNSIGNED_LOOPBACK="true": unsigned calls from loopback run (development only). */
  allowUnsignedLoopback: boolean;
  /** Why the agent cannot serve its routes, for /health and the 503s; null when it can. */
  problem: string | null;
};

export type LogLimits = {
  /** Log lines kept per transaction, the "lines dropped" marker included. */
  maxLines: number;
  /** UTF-8 bytes per log line; longer lines are cut. */
  maxLineBytes: number;
  /** Finished transactions kept; the oldest go first. */
  maxTransactions: number;
  /** Transactions older than this are deleted. */
  maxAgeSeconds: number;
};

/** What the agent card says beyond the definition (docs/agent.md, "Agent card"). */
export type CardSettings = {
  /** AGENT_GATEWAY_URL: the public URL of the gateway that runs this process; null when unset. */
  gatewayUrl: string | null;
  /** AGENT_TASK_PRICE: the price the owner registered, in octas, as advertised; null when unset. */
  taskPrice: string | null;
};

/** How /execute runs and streams (docs/agent.md, "Streaming"). */
export type RunSettings = {
  /** AGENT_MAX_CONCURRENT_RUNS, else the definition's; null: no queue, every run starts at once. */
  maxConcurrentRuns: number | null;
  /** AGENT_STREAM_HEARTBEAT_MS: how often an idle event stream gets a `: keep-alive` comment. */
  heartbeatMs: number;
};

export type AgentConfig = {
  process: { id: string; name: string };
  workflows: string[];
  timeoutMs: number;
  maxBodyBytes: number;
  /** When false, nothing reaches the Durable Object: no stored logs, no replay by transactionId. */
  recordTransactions: boolean;
  log: LogLimits;
  /** The configured AGENT_VERSION, used when the Worker has no version metadata binding. */
  version: string | null;
  gateway: GatewayAuth;
  card: CardSettings;
  runs: RunSettings;
};

/** What a definition may say about its deployment; vars override each field. */
export type AgentConfigDefaults = {
  id: string;
  name: string;
  workflows?: readonly string[];
  timeoutMs?: number;
  maxConcurrentRuns?: number;
};

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Under the 60 s or 100 s idle timeouts of common proxies (Cloudflare's is 100 s). */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** The most runs one agent lets run at once when it queues (and the var's upper bound). */
export const MAX_CONCURRENT_RUNS = 1_000;
/** Retention sized to one Durable Object's storage: the arithmetic is in docs/agent.md. */
export const DEFAULT_LOG_LIMITS: LogLimits = {
  maxLines: 200,
  maxLineBytes: 2_048,
  maxTransactions: 1_000,
  maxAgeSeconds: 7 * 24 * 3600,
};
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * What the retention bounds may make one Durable Object hold: half of Cloudflare's 10 GB per
 * SQLite-backed object, leaving the rest to SQLite's own pages, the transactionIds kept against
 * replays and the versions table (docs/agent.md, "Retention and storage").
 */
export const RETENTION_BUDGET_BYTES = 5 * 1000 ** 3;
/** A stored result's bound (run-handler.ts's MAX_RESULT_BYTES) and an error's, in bytes. */
const RESULT_BYTES = 1024 * 1024;
const ERROR_BYTES = 8 * 1024;
/** Per transaction row beyond result and error: ids (twice, with the index), hash, numbers. */
const ROW_OVERHEAD_BYTES = 1024;
/** Per log line beyond its text: the transactionId twice (row and primary key), seq, headers. */
const LINE_OVERHEAD_BYTES = 320;

/** The most one finished transaction may store under these log bounds, in bytes. */
export function worstCaseTransactionBytes(limits: Pick<LogLimits, "maxLines" | "maxLineBytes">) {
  return (
    RESULT_BYTES +
    ERROR_BYTES +
    ROW_OVERHEAD_BYTES +
    limits.maxLines * (limits.maxLineBytes + LINE_OVERHEAD_BYTES)
  );
}

function intVar(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.int({ error }).min(min, { error }).max(max, { error }).optional(),
  );
}

const optionalText = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.string().optional(),
);

/** A var holding a comma-separated list (wrangler vars are strings), as an array for `schema`. */
function commaListVar<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== "")
        : value,
    schema,
  );
}

const workflowListVar = commaListVar(
  z.array(workflowIdSchema).max(LIMITS.MAX_WORKFLOWS).optional(),
);

const logLimitVars = z.object({
  AGENT_LOG_MAX_LINES: intVar(4, 1_000),
  AGENT_LOG_MAX_LINE_BYTES: intVar(64, 16_384),
  AGENT_LOG_MAX_TRANSACTIONS: intVar(1, 1_000_000),
  // A transaction is remembered at least as long as its signed request could be replayed.
  AGENT_LOG_MAX_AGE_SECONDS: intVar(AGENT_SIGNATURE_LIFETIME_SECONDS, 365 * 24 * 3600),
});

/** Refuses log bounds under which one Durable Object could outgrow its storage. */
function checkRetentionBudget(limits: LogLimits): void {
  const perTransaction = worstCaseTransactionBytes(limits);
  if (limits.maxTransactions * perTransaction > RETENTION_BUDGET_BYTES) {
    throw new AgentConfigError(
      `Invalid agent configuration: AGENT_LOG_MAX_TRANSACTIONS: ${limits.maxTransactions} transactions of up to ${perTransaction} bytes each exceed one Durable Object's storage budget of ${RETENTION_BUDGET_BYTES} bytes; lower it or the log bounds`,
    );
  }
}

const gatewayKeyListVar = commaListVar(
  z
    .array(
      z.string().transform((text, ctx) => {
        const key = parseGatewayPublicKey(text);
        if (key === null) {
          ctx.addIssue({
            code: "custom",
            message:
              "each key must be an Ed25519 public key: 0x and 64 hex digits, a canonical point not of small order (a small-order key verifies forged signatures)",
          });
          return z.NEVER;
        }
        return key;
      }),
    )
    .max(8)
    .optional(),
);

/**
 * A gateway's public base URL: http(s), no query or fragment (the card appends
 * `/api/execute/<process id>`); kept without a trailing slash.
 */
const gatewayUrlVar = optionalText.pipe(
  z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .refine((text) => !/[?#]/.test(text), { error: "must not carry a query or fragment" })
    .transform((text) => text.replace(/\/+$/, ""))
    .optional(),
);

const agentVars = logLimitVars.extend({
  AGENT_PROCESS_ID: z.preprocess((v) => (v === "" ? undefined : v), processIdSchema.optional()),
  AGENT_PROCESS_NAME: z.preprocess((v) => (v === "" ? undefined : v), processNameSchema.optional()),
  AGENT_WORKFLOWS: workflowListVar,
  AGENT_TIMEOUT_MS: intVar(1, 900_000),
  AGENT_MAX_BODY_BYTES: intVar(1_024, 10 * 1024 * 1024),
  AGENT_MAX_CONCURRENT_RUNS: intVar(1, MAX_CONCURRENT_RUNS),
  AGENT_STREAM_HEARTBEAT_MS: intVar(10, 60_000),
  AGENT_RECORD_TRANSACTIONS: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["true", "false"]).optional(),
  ),
  AGENT_VERSION: optionalText.pipe(z.string().max(128).optional()),
  AGENT_GATEWAY_PUBLIC_KEYS: gatewayKeyListVar,
  AGENT_OWNER_ADDRESS: optionalText.pipe(addressSchema.optional()),
  AGENT_GATEWAY_URL: gatewayUrlVar,
  AGENT_TASK_PRICE: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v === "" ? undefined : v),
    amountStringSchema.optional(),
  ),
  AGENT_ALLOW_UNSIGNED_LOOPBACK: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["true", "false", ""]).optional(),
  ),
  // Removed with the shared HMAC (README, "Migrating from AGENT_SECRET"): refused rather than
  // ignored, so a deployment that still sets it learns that its requests are no longer checked
  // by it.
  AGENT_SECRET: optionalText.pipe(
    z.undefined({
      error: "was removed: configure AGENT_GATEWAY_PUBLIC_KEYS and AGENT_OWNER_ADDRESS instead",
    }),
  ),
});

export class AgentConfigError extends Error {
  override name = "AgentConfigError";
}

/** One line per problem, naming the var, so `wrangler dev` or the dashboard shows what to fix. */
function configError(error: z.ZodError): AgentConfigError {
  return new AgentConfigError(
    `Invalid agent configuration: ${formatZodIssue(error.issues, undefined, { maxIssues: Number.POSITIVE_INFINITY })}`,
  );
}

function logLimitsFrom(vars: {
  AGENT_LOG_MAX_LINES?: number | undefined;
  AGENT_LOG_MAX_LINE_BYTES?: number | undefined;
  AGENT_LOG_MAX_TRANSACTIONS?: number | undefined;
  AGENT_LOG_MAX_AGE_SECONDS?: number | undefined;
}): LogLimits {
  return {
    maxLines: vars.AGENT_LOG_MAX_LINES ?? DEFAULT_LOG_LIMITS.maxLines,
    maxLineBytes: vars.AGENT_LOG_MAX_LINE_BYTES ?? DEFAULT_LOG_LIMITS.maxLineBytes,
    maxTransactions: vars.AGENT_LOG_MAX_TRANSACTIONS ?? DEFAULT_LOG_LIMITS.maxTransactions,
    maxAgeSeconds: vars.AGENT_LOG_MAX_AGE_SECONDS ?? DEFAULT_LOG_LIMITS.maxAgeSeconds,
  };
}

/** The Durable Object needs only the log bounds. Throws AgentConfigError. */
export function parseLogLimits(env: object): LogLimits {
  const parsed = logLimitVars.safeParse(env);
  if (!parsed.success) throw configError(parsed.error);
  const limits = logLimitsFrom(parsed.data);
  checkRetentionBudget(limits);
  return limits;
}

/** Throws AgentConfigError naming every invalid var. */
export function parseAgentConfig(args: {
  env: object;
  defaults: AgentConfigDefaults;
}): AgentConfig {
  const parsed = agentVars.safeParse(args.env);
  if (!parsed.success) throw configError(parsed.error);
  const vars = parsed.data;
  // The definition's id and name stand in for unset vars, so the vars' names label their errors.
  const identity = z
    .object({ AGENT_PROCESS_ID: processIdSchema, AGENT_PROCESS_NAME: processNameSchema })
    .safeParse({
      AGENT_PROCESS_ID: vars.AGENT_PROCESS_ID ?? args.defaults.id,
      AGENT_PROCESS_NAME: vars.AGENT_PROCESS_NAME ?? args.defaults.name,
    });
  if (!identity.success) throw configError(identity.error);
  return {
    process: { id: identity.data.AGENT_PROCESS_ID, name: identity.data.AGENT_PROCESS_NAME },
    workflows: [
      ...new Set(["default", ...(vars.AGENT_WORKFLOWS ?? args.defaults.workflows ?? [])]),
    ],
    timeoutMs: vars.AGENT_TIMEOUT_MS ?? args.defaults.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: vars.AGENT_MAX_BODY_BYTES ?? DEFAULT_MAX_BODY_BYTES,
    recordTransactions: vars.AGENT_RECORD_TRANSACTIONS !== "false",
    log: checkedLogLimits(vars),
    version: vars.AGENT_VERSION ?? null,
    gateway: gatewayAuthFrom(vars),
    card: { gatewayUrl: vars.AGENT_GATEWAY_URL ?? null, taskPrice: vars.AGENT_TASK_PRICE ?? null },
    runs: {
      maxConcurrentRuns: checkedMaxConcurrentRuns(
        vars.AGENT_MAX_CONCURRENT_RUNS ?? args.defaults.maxConcurrentRuns,
      ),
      heartbeatMs: vars.AGENT_STREAM_HEARTBEAT_MS ?? DEFAULT_HEARTBEAT_MS,
    },
  };
}

/** The definition's value is checked like the var's, and named by the var's name. */
function checkedMaxConcurrentRuns(value: number | undefined): number | null {
  const checked = z
    .object({ AGENT_MAX_CONCURRENT_RUNS: intVar(1, MAX_CONCURRENT_RUNS) })
    .safeParse({ AGENT_MAX_CONCURRENT_RUNS: value });
  if (!checked.success) throw configError(checked.error);
  return checked.data.AGENT_MAX_CONCURRENT_RUNS ?? null;
}

function checkedLogLimits(vars: Parameters<typeof logLimitsFrom>[0]): LogLimits {
  const limits = logLimitsFrom(vars);
  checkRetentionBudget(limits);
  return limits;
}

function gatewayAuthFrom(vars: {
  AGENT_GATEWAY_PUBLIC_KEYS?: string[] | undefined;
  AGENT_OWNER_ADDRESS?: string | undefined;
  AGENT_ALLOW_UNSIGNED_LOOPBACK?: string | undefined;
}): GatewayAuth {
  const keys = vars.AGENT_GATEWAY_PUBLIC_KEYS ?? [];
  const ownerAddress = vars.AGENT_OWNER_ADDRESS ?? null;
  const allowUnsignedLoopback = vars.AGENT_ALLOW_UNSIGNED_LOOPBACK === "true";
  if (keys.length > 0 && ownerAddress === null) {
    // Half a configuration is a mistake, not a mode: the agent could not tell whose process it is.
    throw new AgentConfigError(
      "Invalid agent configuration: AGENT_OWNER_ADDRESS: required with AGENT_GATEWAY_PUBLIC_KEYS (the address that registered this process)",
    );
  }
  const problem =
    keys.length > 0 || allowUnsignedLoopback
      ? null
      : "No gateway key configured: set AGENT_GATEWAY_PUBLIC_KEYS (the gateway's Ed25519 public key) and AGENT_OWNER_ADDRESS; until then this agent serves nothing but /health";
  return { keys, ownerAddress, allowUnsignedLoopback, problem };
}
