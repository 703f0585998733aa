import type { Client, ClientRequest, ClientResponse } from "@aptos-labs/ts-sdk";
import { LedgerError } from "./errors.js";

/** What the client reads of an HTTP answer; a fetch Response is one. */
export interface HttpAnswer {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * The transport the client is built on: global fetch, a service binding's fetch, a test double,
 * or (in the CLI) a lighter client that never loads Node's fetch.
 */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<HttpAnswer>;

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

async function responseData(response: HttpAnswer): Promise<unknown> {
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

/** A node's answer: status and body (JSON, or a stand-in when the body is not JSON). */
export interface NodeAnswer {
  status: number;
  statusText: string;
  data: unknown;
  headers: HttpAnswer["headers"];
}

export interface NodeRequest {
  fetch: FetchLike;
  timeoutMs: number;
  method: "GET" | "POST";
  /** Full URL, query included. */
  url: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/**
 * One request to a node. A refused connection or a timeout is a LedgerError of kind "network"
 * naming the node; any HTTP answer is returned as is, for the caller to judge.
 */
export async function sendNodeRequest(req: NodeRequest): Promise<NodeAnswer> {
  // A plain record, not Headers: in Node, Headers (like fetch) loads the undici HTTP client.
  const headers: Record<string, string> = { accept: "application/json" };
  for (const [key, value] of Object.entries(req.headers ?? {})) headers[key.toLowerCase()] = value;
  let response: HttpAnswer;
  try {
    response = await req.fetch(req.url, {
      method: req.method,
      headers,
      ...(req.body === undefined ? {} : { body: req.body }),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? `no answer within ${req.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new LedgerError({
      kind: "network",
      message: `Ledger node unreachable at ${new URL(req.url).origin}: ${reason}`,
      cause: error,
    });
  }
  return {
    status: response.status,
    statusText: response.statusText,
    data: await responseData(response),
    headers: response.headers,
  };
}

/**
 * A ts-sdk client provider over an injected fetch. The SDK reads `status` and `data`; a thrown
 * LedgerError of kind "network" travels through the SDK unchanged, so every caller sees one kind
 * for unreachable nodes and timeouts.
 */
export function fetchClient(args: { fetch: FetchLike; timeoutMs: number }): Client {
  async function provider<Req, Res>(req: ClientRequest<Req>): Promise<ClientResponse<Res>> {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers ?? {})) {
      if (value !== undefined && value !== null) headers[key] = String(value);
    }
    const body = req.method === "GET" ? undefined : requestBody(req.body);
    const answer = await sendNodeRequest({
      fetch: args.fetch,
      timeoutMs: args.timeoutMs,
      method: req.method,
      url: `${req.url}${queryString(req.params)}`,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    return { ...answer, data: answer.data as Res };
  }
  return { provider };
}
