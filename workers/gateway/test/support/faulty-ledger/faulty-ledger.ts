/**
 * A test-only Worker in front of the devnode (never deployed): it passes every request to the
 * devnode (binding LEDGER), or, once told, answers as a node that cannot serve (503, as a node
 * behind an overloaded load balancer) or as one that refuses the request (400). Gateway FAULTY of
 * the test pool reads its ledger through it, so the gateway's own Durable Objects, which read the
 * ledger with their own env, meet the fault (docs/gateway.md, "Tests and bench").
 *
 * Tests set the fault with `PUT /__fault` and the body `none`, `unavailable` or `refusing`. The
 * fault lives in the isolate: the test pool runs one per Worker.
 */
const FAULTS = ["none", "unavailable", "refusing"] as const;
type Fault = (typeof FAULTS)[number];

let fault: Fault = "none";

function isFault(value: string): value is Fault {
  return FAULTS.some((known) => known === value);
}

/** What a node's error answer looks like (shared/src/ledger/node-error.ts reads it). */
function nodeError(status: number, message: string, errorCode: string): Response {
  return Response.json({ message, error_code: errorCode, vm_error_code: null }, { status });
}

export default {
  async fetch(request: Request, env: { LEDGER: Fetcher }): Promise<Response> {
    if (new URL(request.url).pathname === "/__fault") {
      const said = await request.text();
      if (!isFault(said)) return new Response(`unknown fault: ${said}`, { status: 400 });
      fault = said;
      return new Response(null, { status: 204 });
    }
    switch (fault) {
      case "none":
        return env.LEDGER.fetch(request);
      case "unavailable":
        return nodeError(503, "Service unavailable (test fault)", "internal_error");
      case "refusing":
        return nodeError(400, "Request refused (test fault)", "invalid_input");
    }
  },
};
