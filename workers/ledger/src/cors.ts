/** Request headers a browser build of the SDK sends, allowed in preflight. */
const ALLOWED_HEADERS =
  "content-type, x-aptos-client, x-aptos-typescript-sdk-origin-method, authorization";

/**
 * CORS as a browser client of the SDK needs it: its browser builds send credentials, so the
 * origin is echoed (never "*") with Access-Control-Allow-Credentials.
 */
export function corsHeaders(request: Request): Headers {
  const headers = new Headers();
  const origin = request.headers.get("origin");
  if (origin) {
    headers.set("access-control-allow-origin", origin);
    headers.set("access-control-allow-credentials", "true");
    headers.set("vary", "Origin");
  }
  return headers;
}

/** The answer to a preflight request. */
export function preflight(request: Request): Response {
  const headers = corsHeaders(request);
  headers.set("access-control-allow-methods", "GET, POST, OPTIONS");
  headers.set("access-control-allow-headers", ALLOWED_HEADERS);
  headers.set("access-control-max-age", "86400");
  return new Response(null, { status: 204, headers });
}

/** The response with the CORS headers added (a copy: fetched responses have immutable headers). */
export function withCors(request: Request, response: Response): Response {
  const extra = corsHeaders(request);
  if (!extra.has("access-control-allow-origin")) return response;
  const headers = new Headers(response.headers);
  for (const [key, value] of extra) headers.set(key, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
