/**
 * One POST /mcp carries at most this many JSON-RPC messages (docs/mcp.md, "Limits and errors"):
 * a 1 MiB batch could otherwise hold ~8,000 tools/call, all started at once (issue 20, point 4).
 */
export const MCP_BATCH_MAX_MESSAGES = 20;
/** ...and at most this many of them are tools/call, each of which may run an agent. */
export const MCP_BATCH_MAX_TOOL_CALLS = 4;

function isToolCall(message: unknown): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { method?: unknown }).method === "tools/call"
  );
}

/**
 * Why a batch is over the caps, or null when it is within them (or not a batch). A batch over
 * them is refused whole, before any of its messages is handled: nothing runs.
 */
export function batchCapRefusal(message: unknown): string | null {
  if (!Array.isArray(message)) return null;
  if (message.length > MCP_BATCH_MAX_MESSAGES) {
    return `Invalid Request: a batch of ${message.length} messages; at most ${MCP_BATCH_MAX_MESSAGES} per POST, nothing was handled`;
  }
  const calls = message.filter(isToolCall).length;
  if (calls > MCP_BATCH_MAX_TOOL_CALLS) {
    return `Invalid Request: a batch with ${calls} tools/call; at most ${MCP_BATCH_MAX_TOOL_CALLS} per POST, nothing was handled`;
  }
  return null;
}
