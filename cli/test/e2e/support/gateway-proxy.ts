/**
 * A proxy in front of the stack's gateway: it records each request's method and path, may point
 * the gateway's own URLs in an answer at itself, and may rewrite each answer as a hostile gateway,
 * or anyone on a plain-http path, could.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** An answer as it goes back to the client: its headers (lower-case names) and its text. */
export interface ProxiedAnswer {
  headers: Record<string, string>;
  body: string;
}

export interface GatewayProxy {
  url: string;
  /** `METHOD /path?query` of each request, in order. */
  seen: string[];
  close: () => void;
}

export async function gatewayProxy(args: {
  target: string;
  /** Point the gateway's URLs in each answer (an agent card's) at the proxy: a client keeps behind it. */
  ownUrls?: boolean;
  rewrite?: (answer: ProxiedAnswer) => ProxiedAnswer;
}): Promise<GatewayProxy> {
  const seen: string[] = [];
  let url = "";
  const server = createServer(async (request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = await fetch(new URL(request.url ?? "/", args.target), {
      method: request.method ?? "GET",
      headers: Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === "string" && !["host", "connection", "content-length"].includes(name)
          ? [[name, value] as [string, string]]
          : [],
      ),
      ...(chunks.length === 0 ? {} : { body: Buffer.concat(chunks) }),
    });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length") headers[name] = value;
    });
    const text = await answer.text();
    const proxied = { headers, body: args.ownUrls ? text.replaceAll(args.target, url) : text };
    const out = args.rewrite ? args.rewrite(proxied) : proxied;
    response.writeHead(answer.status, out.headers).end(out.body);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => server.close() };
}
