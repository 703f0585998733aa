import { z } from "zod";
import { AppErrorException, appError } from "../../../shared/src/errors/app-error.js";
import { formatZodIssue } from "../../../shared/src/errors/validation.js";

export const DEFAULT_AGENT_TIMEOUT_MS = 30_000;
export const DEFAULT_PROCESS_CACHE_MS = 5_000;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1");

const positiveInt = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : typeof v === "string" ? Number(v) : v),
    z.int().min(0).max(max),
  );

const optionalSecret = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === "" ? null : v));

const configSchema = z.object({
  AGENT_TIMEOUT_MS: positiveInt(DEFAULT_AGENT_TIMEOUT_MS, 15 * 60_000),
  PROCESS_CACHE_MS: positiveInt(DEFAULT_PROCESS_CACHE_MS, 3_600_000),
  ALLOW_HTTP_AGENTS: flag,
  OPERATOR_PRIVATE_KEY: optionalSecret,
});

/** The settings execute reads, validated once per isolate (vars arrive as strings). */
export type GatewayConfig = {
  agentTimeoutMs: number;
  processCacheMs: number;
  allowHttpAgents: boolean;
  operatorPrivateKey: string | null;
};

let cached: { env: GatewayEnv; config: GatewayConfig } | null = null;

export function gatewayConfig(env: GatewayEnv): GatewayConfig {
  if (cached?.env === env) return cached.config;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // A deployment mistake, not the caller's: onError answers 500 and logs this message.
    throw new AppErrorException(
      appError(
        "internal_error",
        `gateway config: ${formatZodIssue(parsed.error.issues, "config")}`,
      ),
    );
  }
  const v = parsed.data;
  const config: GatewayConfig = {
    agentTimeoutMs: v.AGENT_TIMEOUT_MS === 0 ? DEFAULT_AGENT_TIMEOUT_MS : v.AGENT_TIMEOUT_MS,
    processCacheMs: v.PROCESS_CACHE_MS,
    allowHttpAgents: v.ALLOW_HTTP_AGENTS,
    operatorPrivateKey: v.OPERATOR_PRIVATE_KEY,
  };
  cached = { env, config };
  return config;
}
