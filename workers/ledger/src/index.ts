import { preflight, withCors } from "./cors";

export { DevnodeObject } from "./devnode-object";

/** Every request goes to the one devnode instance; CORS is answered here, preflight included. */
export default {
  async fetch(request: Request, env: LedgerEnv): Promise<Response> {
    if (request.method === "OPTIONS") return preflight(request);
    const stub = env.DEVNODE.get(env.DEVNODE.idFromName("devnode"));
    return withCors(request, await stub.fetch(request));
  },
} satisfies ExportedHandler<LedgerEnv>;
