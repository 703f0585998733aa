import { gatewayConfig } from "../config.js";

/**
 * The origin the A2A URLs and cards name: PUBLIC_ORIGIN when set (the gateway may sit behind a
 * proxy), else the one the request reached (docs/gateway.md, "A2A", "Cards").
 */
export function a2aOriginOf(env: GatewayEnv, requestUrl: string): string {
  return gatewayConfig(env).publicOrigin ?? new URL(requestUrl).origin;
}
