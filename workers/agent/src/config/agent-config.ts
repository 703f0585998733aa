import { z } from "zod";
import { LIMITS } from "../../../../shared/src/contract/limits.js";
import { processIdSchema, workflowIdSchema } from "../../../../shared/src/schemas/ids.js";
import { processNameSchema } from "../../../../shared/src/schemas/process.js";
import { describeIssues } from "../execution/describe-issues.js";

/**
 * One deployment serves one process: its identity, workflows and limits come from the Worker's
 * vars (wrangler.toml `[vars]`, or `wrangler secret put AGENT_SECRET`), falling back to what the
 * agent's definition says. Values may be strings or numbers, as wrangler passes both.
 */

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
  /** The HMAC secret shared with the gateway; null accepts unsigned requests. */
  secret: string | null;
};

/** What a definition may say about its deployment; vars override each field. */
export type AgentConfigDefaults = {
  id: string;
  name: string;
  workflows?: readonly string[];
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_LOG_LIMITS: LogLimits = {
  maxLines: 200,
  maxLineBytes: 2_048,
  maxTransactions: 10_000,
  maxAgeSeconds: 7 * 24 * 3600,
};
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const MIN_SECRET_LENGTH = 32;

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

const workflowListVar = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "")
      : value,
  z.array(workflowIdSchema).max(LIMITS.MAX_WORKFLOWS).optional(),
);

const logLimitVars = z.object({
  AGENT_LOG_MAX_LINES: intVar(4, 1_000),
  AGENT_LOG_MAX_LINE_BYTES: intVar(64, 16_384),
  AGENT_LOG_MAX_TRANSACTIONS: intVar(1, 1_000_000),
  AGENT_LOG_MAX_AGE_SECONDS: intVar(60, 365 * 24 * 3600),
});

const agentVars = logLimitVars.extend({
  AGENT_PROCESS_ID: z.preprocess((v) => (v === "" ? undefined : v), processIdSchema.optional()),
  AGENT_PROCESS_NAME: z.preprocess((v) => (v === "" ? undefined : v), processNameSchema.optional()),
  AGENT_WORKFLOWS: workflowListVar,
  AGENT_TIMEOUT_MS: intVar(1, 900_000),
  AGENT_MAX_BODY_BYTES: intVar(1_024, 10 * 1024 * 1024),
  AGENT_RECORD_TRANSACTIONS: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["true", "false"]).optional(),
  ),
  AGENT_VERSION: optionalText.pipe(z.string().max(128).optional()),
  AGENT_SECRET: optionalText.pipe(
    z
      .string()
      .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
      .optional(),
  ),
});

export class AgentConfigError extends Error {
  override name = "AgentConfigError";
}

/** One line per problem, naming the var, so `wrangler dev` or the dashboard shows what to fix. */
function configError(error: z.ZodError): AgentConfigError {
  return new AgentConfigError(`Invalid agent configuration: ${describeIssues(error)}`);
}

function logLimitsFrom(vars: z.infer<typeof logLimitVars>): LogLimits {
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
  return logLimitsFrom(parsed.data);
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
    log: logLimitsFrom(vars),
    version: vars.AGENT_VERSION ?? null,
    secret: vars.AGENT_SECRET ?? null,
  };
}
