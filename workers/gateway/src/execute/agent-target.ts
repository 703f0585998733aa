/**
 * Where a process's agent lives, from its service URL: `service://BINDING[/base]` over the
 * Worker's service binding of that name, `https://...` over the network, `http://...` only when
 * the deployment allows it (local development).
 *
 * The service URL is chosen by the process owner, so it must not reach anything but an agent
 * (issue 13, door 3: `service://LEDGER/mint?...` minted APT): a binding resolves only when the
 * deployment declared it an agent in AGENT_BINDINGS, the ledger binding never, and a base path
 * is plain segments, with no query, fragment, dot segment or percent-escape that could steer the
 * request elsewhere once joined with `/execute` or `/logs/...`. docs/gateway.md has the rule.
 */
export type AgentTarget = { fetcher: Fetcher | null; baseUrl: string };

export type AgentTargetResult = { ok: true; target: AgentTarget } | { ok: false; message: string };

/** The binding the ledger (devnode) is reached over; never an agent, whatever the config says. */
export const LEDGER_BINDING = "LEDGER";

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
/** A base path: `/segment` repeated, each of unreserved characters only (RFC 3986 §2.3). */
const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * True for a base path an agent URL may carry: empty, or plain segments with no `.` or `..`
 * segment. `%` is not an allowed character, so encoded forms (`%2e%2e`, `%2f`) cannot pass, nor
 * can `?`, `#` or `\` (which URL parsers read as `/`).
 */
export function isSafeBasePath(path: string): boolean {
  if (!BASE_PATH.test(path)) return false;
  return path
    .split("/")
    .slice(1)
    .every((segment) => segment !== "." && segment !== "..");
}

/**
 * The binding names AGENT_BINDINGS declares (comma-separated); names that are not identifiers
 * and the ledger binding are dropped. Unset or empty: no service:// URL resolves.
 */
export function parseAgentBindings(raw: string | undefined): ReadonlySet<string> {
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => BINDING_NAME.test(name) && name !== LEDGER_BINDING);
  return new Set(names);
}

function resolveServiceBinding(
  rest: string,
  bindings: Record<string, unknown>,
  agentBindings: ReadonlySet<string>,
): AgentTargetResult {
  const end = rest.search(/[/?#\\]/);
  const name = end === -1 ? rest : rest.slice(0, end);
  const base = end === -1 ? "" : rest.slice(end);
  if (!agentBindings.has(name) || name === LEDGER_BINDING) {
    return { ok: false, message: `"${name}" is not one of this gateway's agent bindings` };
  }
  if (!isSafeBasePath(base)) {
    return { ok: false, message: "The process's service URL path is not a plain base path" };
  }
  const fetcher = Object.hasOwn(bindings, name) ? bindings[name] : undefined;
  if (!isFetcher(fetcher)) {
    return { ok: false, message: `This gateway has no service binding named "${name}"` };
  }
  // The host is ignored by a service binding; the path is what the agent routes on.
  return {
    ok: true,
    target: { fetcher, baseUrl: `https://${name.toLowerCase()}.internal${base}` },
  };
}

/** An http(s) URL whose path, as written (before URL normalises it), is a safe base path. */
function resolveNetworkUrl(url: string, scheme: string): AgentTargetResult {
  const rest = url.slice(scheme.length);
  const end = rest.search(/[/?#\\]/);
  const path = end === -1 ? "" : rest.slice(end);
  if (!isUrl(url)) return { ok: false, message: "The process's service URL is not a valid URL" };
  if (!isSafeBasePath(path)) {
    return { ok: false, message: "The process's service URL path is not a plain base path" };
  }
  return { ok: true, target: { fetcher: null, baseUrl: url } };
}

export function resolveAgentTarget(args: {
  serviceUrl: string;
  bindings: Record<string, unknown>;
  /** From AGENT_BINDINGS (parseAgentBindings): the only names service:// may resolve to. */
  agentBindings: ReadonlySet<string>;
  allowHttp: boolean;
}): AgentTargetResult {
  const { serviceUrl } = args;
  const trimmed = serviceUrl.replace(/\/+$/, "");
  if (trimmed.startsWith("service://")) {
    return resolveServiceBinding(
      trimmed.slice("service://".length),
      args.bindings,
      args.agentBindings,
    );
  }
  if (trimmed.startsWith("https://")) return resolveNetworkUrl(trimmed, "https://");
  if (args.allowHttp && trimmed.startsWith("http://")) {
    return resolveNetworkUrl(trimmed, "http://");
  }
  if (trimmed.startsWith("http://")) {
    return {
      ok: false,
      message: "This gateway does not call http:// agents (ALLOW_HTTP_AGENTS is off)",
    };
  }
  return { ok: false, message: "The process's service URL scheme is not supported" };
}

/** The URL a request to `path` of the agent goes to; the signature covers its path and query. */
export function agentUrl(target: AgentTarget, path: string): string {
  return `${target.baseUrl}${path}`;
}
