import type { IncomingMessage, RequestOptions } from "node:http";
import type { FetchLike, HttpAnswer } from "#shared/ledger/transport";

type RequestFn = (
  url: URL,
  options: RequestOptions,
  done: (res: IncomingMessage) => void,
) => {
  on(event: "error", listener: (error: Error) => void): unknown;
  end(body?: Uint8Array | string): unknown;
};

async function requestFunction(protocol: string): Promise<RequestFn> {
  // https (and TLS with it) is loaded only for https nodes; the devnode speaks plain http.
  return protocol === "https:"
    ? (await import("node:https")).request
    : (await import("node:http")).request;
}

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  const entries: Iterable<[string, string]> =
    Array.isArray(headers) || Symbol.iterator in headers
      ? (headers as Iterable<[string, string]>)
      : Object.entries(headers);
  for (const [key, value] of entries) record[key.toLowerCase()] = value;
  return record;
}

function bodyBytes(body: RequestInit["body"]): Uint8Array | string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("nodeHttpFetch: only string and byte bodies are supported");
}

/** One request, its whole answer read. */
async function send(args: {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  signal: AbortSignal | null | undefined;
}): Promise<HttpAnswer> {
  const request = await requestFunction(args.url.protocol);
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = request(
      args.url,
      {
        method: args.method,
        headers: args.headers,
        ...(args.signal ? { signal: args.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? "",
            headers: {
              get(name) {
                const value = res.headers[name.toLowerCase()];
                if (value === undefined) return null;
                return Array.isArray(value) ? value.join(", ") : value;
              },
            },
            text: async () => text,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(args.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * The ledger transport of the CLI: node:http(s) instead of fetch. Node's fetch (undici, with
 * web streams) costs a short-lived run more to load than the requests take on a local node.
 * Answers are asked for uncompressed: they are small JSON, and decompression would cost set-up
 * too. Redirects are followed as fetch follows them (up to 5; 307 and 308 repeat the method and
 * body, the others continue as a GET, as fetch does after a POST). Honours `signal`, so the
 * client's per-request timeout still applies.
 */
export const nodeHttpFetch: FetchLike = async (input, init = {}) => {
  let url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  let method = init.method ?? "GET";
  let body = bodyBytes(init.body);
  const headers: Record<string, string> = {
    ...headerRecord(init.headers),
    "accept-encoding": "identity",
  };
  for (let hop = 0; ; hop++) {
    const answer = await send({ url, method, headers, body, signal: init.signal });
    const location = answer.headers.get("location");
    if (!REDIRECTS.has(answer.status) || location === null || hop === MAX_REDIRECTS) return answer;
    url = new URL(location, url);
    if (answer.status !== 307 && answer.status !== 308 && method !== "GET") {
      method = "GET";
      body = undefined;
      delete headers["content-type"];
    }
  }
};
