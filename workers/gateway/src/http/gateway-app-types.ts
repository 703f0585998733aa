/** Hono's type parameter for every gateway router. */
export type GatewayApp = { Bindings: GatewayEnv };
