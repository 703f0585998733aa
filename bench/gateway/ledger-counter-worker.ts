/**
 * Sits between the gateway and the devnode in the bench and counts every ledger request, so the
 * bench can print how many one execute makes. GET /__count reads the counter, /__reset zeroes it.
 */
type Env = { DEVNODE: Fetcher };

let count = 0;

export default {
  fetch(request: Request, env: Env): Promise<Response> | Response {
    const url = new URL(request.url);
    if (url.pathname === "/__count") return Response.json({ count });
    if (url.pathname === "/__reset") {
      count = 0;
      return Response.json({ count });
    }
    count += 1;
    return env.DEVNODE.fetch(request);
  },
} satisfies ExportedHandler<Env>;
