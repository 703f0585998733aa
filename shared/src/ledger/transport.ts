import type { Client, ClientRequest, ClientResponse } from "@aptos-labs/ts-sdk";
import { LedgerError } from "./errors.js";

/** The transport the client is built on: global fetch, a service binding's fetch, or a test double. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What the provider hands the SDK when a body is not JSON (a proxy's HTML 502, an empty 204). */
interface NonJsonBody {
  message: string;
  error_code: "non_json_response";
  vm_error_code: null;
}

function queryString(params: unknown): string {
  if (params === null || typeof params !== "object") return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  // A copy, so a view into a larger buffer sends only its own bytes.
  if (body instanceof Uint8Array) return body.slice();
  return JSON.stringify(body);
}

async function responseData(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    const body: NonJsonBody = {
      message: `HTTP ${response.status}: ${text.slice(0, 200)}`,
      error_code: "non_json_response",
      vm_error_code: null,
    };
    return body;
  }
}

/**
 * A ts-sdk client provider over an injected fetch. The SDK reads `status` and `data`; a thrown
 * LedgerError of kind "network" travels through the SDK unchanged, so every caller sees one kind
 * for unreachable nodes and timeouts.
 */
export function fetchClient(args: { fetch: FetchLike; timeoutMs: number }): Client {
  const { fetch: doFetch, timeoutMs } = args;
  async function provider<Req, Res>(req: ClientRequest<Req>): Promise<ClientResponse<Res>> {
    const url = `${req.url}${queryString(req.params)}`;
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers ?? {})) {
      if (value !== undefined && value !== null) headers.set(key, String(value));
    }
    if (!headers.has("accept")) headers.set("accept", "application/json");
    const body = req.method === "GET" ? undefined : requestBody(req.body);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: req.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new LedgerError({
        kind: "network",
        message: `Ledger node unreachable at ${new URL(url).origin}: ${reason}`,
        cause: error,
      });
    }
    const data = (await responseData(response)) as Res;
    return {
      status: response.status,
      statusText: response.statusText,
      data,
      headers: response.headers,
    };
  }
  return { provider };
}
