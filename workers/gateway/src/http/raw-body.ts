import { createMiddleware } from "hono/factory";
import { AppErrorException, appError } from "#shared/errors/app-error";
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

/**
 * The Idempotency-Key header, or null when absent; a malformed key is thrown as a validation
 * error, so the one onError writes the same 400 as every other bad field.
 */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get("idempotency-key");
  if (key === null || IDEMPOTENCY_KEY.test(key)) return key;
  throw new AppErrorException(
    appError("validation_failed", "header.Idempotency-Key: 1..255 printable ASCII characters"),
  );
}
