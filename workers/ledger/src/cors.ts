import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/** Request headers a browser build of the SDK sends, allowed in preflight. */
const ALLOWED_HEADERS = [
  "content-type",
  "x-aptos-client",
  "x-aptos-typescript-sdk-origin-method",
  "authorization",
];

/**
 * CORS as a browser client of the SDK needs it, preflight included: its browser builds send
 * credentials, so the origin is echoed (never "*") with Access-Control-Allow-Credentials.
 */
const browserCors = cors({
  origin: (origin) => origin || null,
  credentials: true,
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ALLOWED_HEADERS,
  maxAge: 86400,
});

/**
 * Hono's cors for requests that carry an Origin (browsers) and for every OPTIONS (the preflight
 * answer); the SDK in Node, the CLI and the benchmarks send no Origin and get the devnode's answer
 * as it is, without a copy to add headers.
 */
export const devnodeCors: MiddlewareHandler = (c, next) =>
  c.req.header("origin") || c.req.method === "OPTIONS" ? browserCors(c, next) : next();
