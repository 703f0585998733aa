/**
 * Sits between the gateway and the devnode in the bench and counts every ledger request, and the
 * view calls among them, so the bench can print how many one execute makes (its views) apart from
 * what its outcome report sends, which may already be under way when the answer arrives.
 * GET /__count reads the counters, /__reset zeroes them.
 */
type Env = { DEVNODE: Fetcher };

let count = 0;
let views = 0;

export default {
  fetch(request: Request, env: Env): Promise<Response> | Response {
    const url = new URL(request.url);
    if (url.pathname === "/__count") return Response.json({ count, views });
    if (url.pathname === "/__reset") {
      count = 0;
      views = 0;
      return Response.json({ count, views });
    }
    count += 1;
    if (url.pathname === "/v1/view") views += 1;
    return env.DEVNODE.fetch(request);
  },
} satisfies ExportedHandler<Env>;
