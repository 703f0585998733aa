import { ProgressTokenSchema } from "@modelcontextprotocol/sdk/types.js";

export type ProgressToken = string | number;

/** The `_meta.progressToken` of a request's params (MCP's string or integer), or null. */
export function progressTokenOf(meta: Record<string, unknown> | undefined): ProgressToken | null {
  const parsed = ProgressTokenSchema.safeParse(meta?.progressToken);
  return parsed.success ? parsed.data : null;
}

function asksProgress(message: unknown): boolean {
  if (typeof message !== "object" || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: { _meta?: unknown } };
  if (method !== "tools/call" || typeof params?._meta !== "object" || params._meta === null) {
    return false;
  }
  return progressTokenOf(params._meta as Record<string, unknown>) !== null;
}

/**
 * Whether a POST to /mcp is answered as an SSE stream (docs/mcp.md, "Progress"): only when one
 * of its tools/call asks for progress and the client accepts a stream, which every Streamable
 * HTTP client must. Everything else is answered with one JSON body, as before progress existed.
 */
export function answersAsStream(args: { message: unknown; accept: string | undefined }): boolean {
  if (!/(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(args.accept ?? "")) return false;
  return Array.isArray(args.message) ? args.message.some(asksProgress) : asksProgress(args.message);
}
