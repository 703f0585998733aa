/**
 * Where a process's agent lives, from its service URL: `service://BINDING[/base]` over the
 * Worker's service binding of that name, `https://...` over the network, `http://...` only when
 * the deployment allows it (local development).
 */
export type AgentTarget = { fetcher: Fetcher | null; baseUrl: string };

export type AgentTargetResult = { ok: true; target: AgentTarget } | { ok: false; message: string };

function isFetcher(value: unknown): value is Fetcher {
  return (
    typeof value === "object" &&
    value !== null &&
    "fetch" in value &&
    typeof (value as { fetch: unknown }).fetch === "function"
  );
}

function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const BINDING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function resolveAgentTarget(args: {
  serviceUrl: string;
  bindings: Record<string, unknown>;
  allowHttp: boolean;
}): AgentTargetResult {
  const { serviceUrl } = args;
  const trimmed = serviceUrl.replace(/\/+$/, "");
  if (trimmed.startsWith("service://")) {
    const rest = trimmed.slice("service://".length);
    const slash = rest.indexOf("/");
    const name = slash === -1 ? rest : rest.slice(0, slash);
    const base = slash === -1 ? "" : rest.slice(slash);
    const fetcher = BINDING_NAME.test(name) ? args.bindings[name] : undefined;
    if (!isFetcher(fetcher)) {
      return { ok: false, message: `This gateway has no service binding named "${name}"` };
    }
    // The host is ignored by a service binding; the path is what the agent routes on.
    return {
      ok: true,
      target: { fetcher, baseUrl: `https://${name.toLowerCase()}.internal${base}` },
    };
  }
  if (trimmed.startsWith("https://") || (args.allowHttp && trimmed.startsWith("http://"))) {
    if (!isUrl(trimmed))
      return { ok: false, message: "The process's service URL is not a valid URL" };
    return { ok: true, target: { fetcher: null, baseUrl: trimmed } };
  }
  if (trimmed.startsWith("http://")) {
    return {
      ok: false,
      message: "This gateway does not call http:// agents (ALLOW_HTTP_AGENTS is off)",
    };
  }
  return { ok: false, message: "The process's service URL scheme is not supported" };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The URL a request to `path` of the agent goes to; the signature covers its path and query. */
export function agentUrl(target: AgentTarget, path: string): string {
  return `${target.baseUrl}${path}`;
}

/**
 * Calls the agent and reads its whole answer: the status, and the body as JSON (undefined when it
 * is not JSON), for the caller to validate. Throws what fetch or the body read throws.
 */
export async function fetchAgentJson(
  target: AgentTarget,
  path: string,
  init: RequestInit,
): Promise<{ status: number; json: unknown }> {
  const url = agentUrl(target, path);
  const response = await (target.fetcher === null
    ? fetch(url, init)
    : target.fetcher.fetch(url, init));
  return { status: response.status, json: parseJson(await response.text()) };
}
