import { Hono } from "hono";
import { devnodeCors } from "./cors.js";
import type { DevnodeObject } from "./devnode-object.js";
import { NodeError } from "./node/errors.js";
import { readWholeBody, requestBytes } from "./request-body.js";
import { requestBodyLimit } from "./routes/body.js";

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

/**
 * Every request goes to the one devnode instance, its body read whole first (request-body.ts
 * says why) within the path's size limit (413) and the body timeout (408); CORS is answered
 * here, preflight included.
 */
const app = new Hono<{ Bindings: LedgerEnv }>();
app.use(readWholeBody, devnodeCors, requestBodyLimit);
app.all("*", async (c) => {
  const request = c.req.raw;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const body = await requestBytes(request);
  // Hono copies the answer before CORS adds headers to it (a fetched response's are immutable).
  return devnode(c.env.DEVNODE).fetch(
    new Request(request.url, { method: request.method, headers, body }),
  );
});
app.onError((error) => {
  if (error instanceof NodeError) return error.toResponse();
  console.error("devnode Worker internal error", error);
  return new NodeError(500, "internal_error", "internal error in the devnode").toResponse();
});

export default app satisfies ExportedHandler<LedgerEnv>;
