import { preflight, withCors } from "./cors";
import type { DevnodeObject } from "./devnode-object";

export { DevnodeObject } from "./devnode-object";

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

/** Every request goes to the one devnode instance; CORS is answered here, preflight included. */
export default {
  async fetch(request: Request, env: LedgerEnv): Promise<Response> {
    if (request.method === "OPTIONS") return preflight(request);
    return withCors(request, await devnode(env.DEVNODE).fetch(request));
  },
} satisfies ExportedHandler<LedgerEnv>;
