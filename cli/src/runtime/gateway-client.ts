import { z } from "zod";
import { CliError, usageError } from "../errors/cli-error.js";

/** The local stack's gateway (wrangler dev's default port), used when neither flag nor env says otherwise. */
export const DEFAULT_GATEWAY_URL = "http://127.0.0.1:8787";

export function gatewayBaseUrl(flag: string | undefined): URL {
  const raw = flag?.trim() || process.env.AGENTGATE_GATEWAY_URL?.trim() || DEFAULT_GATEWAY_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`--gateway "${raw.slice(0, 200)}": not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usageError(`--gateway "${raw.slice(0, 200)}": must be an http(s) URL`);
  }
  return url;
}

/** How long a gateway request may take: a paid run's commit plus the agent's time limit fit in it. */
export const GATEWAY_TIMEOUT_MS = 60_000;

export interface GatewayResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

const errorBodySchema = z.looseObject({ error: z.string() });

/**
 * One request to the gateway. `path` is the path to append to the base URL's path; the full URL
 * is returned so the caller proof can sign exactly what is sent.
 */
export function gatewayUrl(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/\/+$/, "");
  return new URL(`${prefix}${path}`, base.origin);
}

export async function gatewayRequest(args: {
  url: URL;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}): Promise<GatewayResponse> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(args.url, {
      method: args.method,
      headers: {
        accept: "application/json",
        ...(args.body === undefined ? {} : { "content-type": "application/json" }),
        ...args.headers,
      },
      ...(args.body === undefined ? {} : { body: args.body }),
      signal: AbortSignal.timeout(args.timeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new CliError(
      "unreachable",
      `gateway unreachable at ${args.url.origin} (${reason}); start the local stack or pass --gateway / AGENTGATE_GATEWAY_URL`,
    );
  }
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new CliError(
      "unreachable",
      `gateway at ${args.url.origin} answered HTTP ${response.status} without JSON`,
    );
  }
  return { status: response.status, body, headers: response.headers };
}

/** The gateway's error message for a non-success answer, mapped to an exit kind by status. */
export function gatewayError(response: GatewayResponse, what: string): CliError {
  const parsed = errorBodySchema.safeParse(response.body);
  const message = parsed.success ? parsed.data.error : `HTTP ${response.status}`;
  const kind =
    response.status === 404
      ? "not_found"
      : response.status >= 500
        ? "unreachable"
        : response.status === 400 ||
            response.status === 401 ||
            response.status === 402 ||
            response.status === 403 ||
            response.status === 409
          ? "refused"
          : "unexpected";
  return new CliError(kind, `${what}: ${message} (HTTP ${response.status})`);
}
