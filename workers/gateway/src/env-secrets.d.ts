/** Secrets (`wrangler secret put`), which `wrangler types` cannot see in wrangler.toml. */
interface GatewayEnv {
  /** HMAC-SHA256 secret shared with agents; requests to agents are signed when set. */
  AGENT_SECRET?: string;
  /** Ed25519 key of the operator account that reports outcomes. */
  OPERATOR_PRIVATE_KEY?: string;
}
