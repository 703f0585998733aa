import { z } from "zod";
import { AppErrorException, appError } from "#shared/errors/app-error";
import { formatZodIssue } from "#shared/errors/validation";

export const DEFAULT_AGENT_TIMEOUT_MS = 30_000;
export const DEFAULT_PROCESS_CACHE_MS = 5_000;
/** How long an unsigned make_payment handed out stays valid (docs/x402.md, "Requirements"). */
export const DEFAULT_UNSIGNED_TRANSACTION_TTL_SECONDS = 600;
/**
 * The lowest task price, in octas, at which the operator runs another owner's paid process: about
 * twice what a run claim and a report cost on testnet/mainnet at the minimum gas price (docs/
 * gateway.md, "Operator gas").
 */
export const DEFAULT_OPERATOR_MIN_PRICE_OCTAS = 100_000n;
const U64_MAX = 2n ** 64n - 1n;

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

/** PUBLIC_ORIGIN: an http(s) origin with nothing after it; "" or unset is "not configured". */
const publicOrigin = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return null;
    try {
      const url = new URL(v.trim());
      const bare = url.pathname === "/" && url.search === "" && url.hash === "";
      if ((url.protocol === "https:" || url.protocol === "http:") && bare && url.username === "")
        return url.origin;
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: "custom", message: "must be an origin such as https://gateway.example" });
    return z.NEVER;
  });

const ADDRESS = /^0x[0-9a-f]{64}$/;

/**
 * OPERATOR_OWNERS: `*` (any owner), or a comma-separated list of owner addresses. Unset or empty
 * serves only processes the operator itself owns: paying gas for strangers' reports is opt-in
 * (docs/gateway.md, "Whose processes the operator serves").
 */
const operatorOwners = z
  .string()
  .optional()
  .transform((v, ctx): "*" | string[] => {
    const text = (v ?? "").trim();
    if (text === "*") return "*";
    const owners = text
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== "");
    const bad = owners.find((owner) => !ADDRESS.test(owner));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `"${bad.slice(0, 80)}" is not a full address (0x and 64 hex digits); use * for any owner`,
      });
      return z.NEVER;
    }
    return owners;
  });

/** OPERATOR_MIN_PRICE_OCTAS: a whole number of octas (a u64); unset or empty is the default. */
const octas = z
  .string()
  .optional()
  .transform((v, ctx): bigint => {
    const text = (v ?? "").trim();
    if (text === "") return DEFAULT_OPERATOR_MIN_PRICE_OCTAS;
    if (/^\d{1,20}$/.test(text) && BigInt(text) <= U64_MAX) return BigInt(text);
    ctx.addIssue({ code: "custom", message: "must be a whole number of octas (0 to 2^64-1)" });
    return z.NEVER;
  });

const configSchema = z.object({
  AGENT_TIMEOUT_MS: positiveInt(DEFAULT_AGENT_TIMEOUT_MS, 15 * 60_000),
  PROCESS_CACHE_MS: positiveInt(DEFAULT_PROCESS_CACHE_MS, 3_600_000),
  ALLOW_HTTP_AGENTS: flag,
  OPERATOR_PRIVATE_KEY: optionalSecret,
  PUBLIC_ORIGIN: publicOrigin,
  OPERATOR_OWNERS: operatorOwners,
  // Not a number fails closed, as below: a typo must not turn the floor off.
  OPERATOR_MIN_PRICE_OCTAS: octas,
  // Outside 60..3600 the config fails closed (every route that reads it answers 500 and the log
  // names the var): a transaction that expires before anyone can sign it is useless, and one
  // valid for hours holds a sequence number the payer may need.
  UNSIGNED_TRANSACTION_TTL_SECONDS: z.preprocess(
    (v) =>
      v === undefined || v === ""
        ? DEFAULT_UNSIGNED_TRANSACTION_TTL_SECONDS
        : typeof v === "string"
          ? Number(v)
          : v,
    z.int().min(60).max(3600),
  ),
});

/** The settings execute reads, validated once per isolate (vars arrive as strings). */
export type GatewayConfig = {
  agentTimeoutMs: number;
  processCacheMs: number;
  allowHttpAgents: boolean;
  operatorPrivateKey: string | null;
  /** The origin caller proofs must name; null refuses every request that needs a proof. */
  publicOrigin: string | null;
  /** Owners whose paid processes the operator reports for, besides its own; "*" is anyone. */
  operatorOwners: "*" | readonly string[];
  /** The lowest task price at which another owner's paid process runs (own processes: any). */
  operatorMinPriceOctas: bigint;
  /** Seconds an unsigned make_payment the gateway hands out stays valid (60..3600). */
  unsignedTransactionTtlSeconds: number;
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
    publicOrigin: v.PUBLIC_ORIGIN,
    operatorOwners: v.OPERATOR_OWNERS,
    operatorMinPriceOctas: v.OPERATOR_MIN_PRICE_OCTAS,
    unsignedTransactionTtlSeconds: v.UNSIGNED_TRANSACTION_TTL_SECONDS,
  };
  cached = { env, config };
  return config;
}
