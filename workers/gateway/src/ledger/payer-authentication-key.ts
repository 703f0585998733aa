import { gatewayLedger } from "./gateway-ledger.js";

/**
 * The payer's authentication key as the ledger holds it now (no cache: it may have been rotated),
 * which a caller proof of the payer is checked against (docs/gateway.md, "Caller proof").
 */
export async function payerAuthenticationKey(args: {
  env: GatewayEnv;
  processId: string;
  payer: string;
}): Promise<string | Uint8Array> {
  const { env, processId, payer } = args;
  return (await gatewayLedger(env).gatewayContext({ processId, payer })).authenticationKey;
}
