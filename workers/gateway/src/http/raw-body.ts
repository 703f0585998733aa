import { createMiddleware } from "hono/factory";
import type { GatewayApp } from "./gateway-app-types.js";

type RawBodyEnv = GatewayApp & { Variables: { rawBody: Uint8Array } };

/**
 * Reads the body's exact bytes before the validator parses them (Hono then parses from this
 * cached copy), since the caller proof and idempotency hash the bytes as sent.
 */
export const rawBody = createMiddleware<RawBodyEnv>(async (c, next) => {
  c.set("rawBody", new Uint8Array(await c.req.arrayBuffer()));
  await next();
});

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header, or null; a malformed key is a validation error by the caller. */
export function idempotencyKeyOf(
  headers: Headers,
): { ok: true; key: string | null } | { ok: false } {
  const key = headers.get("idempotency-key");
  if (key === null) return { ok: true, key: null };
  return IDEMPOTENCY_KEY.test(key) ? { ok: true, key } : { ok: false };
}
