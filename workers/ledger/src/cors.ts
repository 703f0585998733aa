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
export const devnodeCors = cors({
  origin: (origin) => origin || null,
  credentials: true,
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ALLOWED_HEADERS,
  maxAge: 86400,
});
