import { preflight, withCors } from "./cors.js";
import type { DevnodeObject } from "./devnode-object.js";
import { NodeError } from "./node/errors.js";
import { BODY_TIMEOUT_MS, DRAIN_BYTES, readRequestBody } from "./request-body.js";
import { bodyLimitFor, tooLarge } from "./routes/body.js";

export { DevnodeObject } from "./devnode-object.js";

// idFromName hashes the name on every call, a measurable share of a view's CPU time; an id
// carries no I/O, so one per namespace serves every request.
const devnodeIds = new WeakMap<DurableObjectNamespace<DevnodeObject>, DurableObjectId>();

function devnode(
  namespace: DurableObjectNamespace<DevnodeObject>,
): DurableObjectStub<DevnodeObject> {
  let id = devnodeIds.get(namespace);
  if (id === undefined) {
    id = namespace.idFromName("devnode");
    devnodeIds.set(namespace, id);
  }
  return namespace.get(id);
}

/** A test or the local stack may shorten the body timeout (BODY_TIMEOUT_MS, milliseconds). */
function bodyTimeoutMs(env: LedgerEnv): number {
  const value = Number((env as { BODY_TIMEOUT_MS?: string }).BODY_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : BODY_TIMEOUT_MS;
}

/**
 * The request with its body read whole (request-body.ts explains why), or the answer that
 * refuses it: 413 over the path's limit, 408 when the body does not arrive in time.
 */
async function withBodyRead(request: Request, env: LedgerEnv): Promise<Request | Response> {
  if (request.body === null) return request;
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const declared = Number(request.headers.get("content-length") ?? "0");
  // Too much to drain: refused unread (workerd then closes the connection).
  if (declared > limit + DRAIN_BYTES) return tooLarge(limit).toResponse();
  const read = await readRequestBody(request.body, limit, bodyTimeoutMs(env));
  if (read.kind === "too_large") return tooLarge(limit).toResponse();
  if (read.kind === "timeout") {
    return new NodeError(408, "invalid_input", "request body not received in time").toResponse();
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  // No route reads a body on GET or HEAD, and a Request cannot carry one: it is dropped.
  const keepsBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(request.url, {
    method: request.method,
    headers,
    body: keepsBody ? read.bytes : null,
  });
}

/** Every request goes to the one devnode instance; CORS is answered here, preflight included. */
export default {
  async fetch(request: Request, env: LedgerEnv): Promise<Response> {
    const read = await withBodyRead(request, env);
    if (read instanceof Response) return withCors(request, read);
    if (read.method === "OPTIONS") return preflight(read);
    return withCors(read, await devnode(env.DEVNODE).fetch(read));
  },
} satisfies ExportedHandler<LedgerEnv>;
