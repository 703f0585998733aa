/** Secrets (`wrangler secret put`), which `wrangler types` cannot see in wrangler.jsonc. */
interface GatewayEnv {
  /**
   * Ed25519 key of the operator account that reports outcomes; the gateway also signs every agent
   * request with it (agents are configured with its public key). Without it no agent is called.
   */
  OPERATOR_PRIVATE_KEY?: string;
}
