/**
 * How to call a process from outside the console (docs/gateway.md, "Runs"; docs/mcp.md): the
 * texts its page shows to copy.
 */
export function httpSnippet(args: { origin: string; processId: string; data: unknown }): string {
  const body = JSON.stringify({ userAddress: "0x<your address>", data: args.data });
  return [
    `curl -sS -X POST ${args.origin}/api/execute/${encodeURIComponent(args.processId)} \\`,
    "  -H 'content-type: application/json' -H 'Prefer: respond-async' \\",
    `  -d '${body.replaceAll("'", "'\\''")}'`,
  ].join("\n");
}

/** An MCP client's server entry: every active process is a tool named by its id. */
export function mcpSnippet(args: { origin: string }): string {
  return JSON.stringify({ mcpServers: { agentgate: { url: `${args.origin}/mcp` } } }, null, 2);
}
