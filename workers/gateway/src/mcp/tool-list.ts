import type { ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Process } from "#shared/schemas/process";
import type { McpQuery } from "./mcp-query.js";
import { MCP_PAGE_SIZE_MAX } from "./mcp-query.js";
import { toolDescription } from "./tool-description.js";
import { toolNameOf } from "./tool-naming.js";

/** The `_meta` key of a tool that states its pricing as the process does (docs/mcp.md, "Tools"). */
export const TOOL_PRICING_META_KEY = "agentgate/pricing";

/**
 * One page of tools: the registry's ACTIVE processes (the read model behind GET /api/processes),
 * filtered by the connection's query, in id order; `cursor` is the last tool name of the page
 * before, opaque to clients (docs/mcp.md, "Paging").
 */
export async function listTools(args: {
  env: GatewayEnv;
  query: McpQuery;
  cursor: string | undefined;
}): Promise<ListToolsResult> {
  const { env, query, cursor } = args;
  const page = await env.PROCESS_INDEX.getByName("registry").list({
    owner: query.owner,
    tag: query.tag,
    status: "active",
    cursor,
    limit: query.limit ?? MCP_PAGE_SIZE_MAX,
  });
  // The read model holds each process as the gateway answers it (list/process-index-object.ts).
  const tools = page.bodies.map((body) => toolOf(JSON.parse(body) as Process));
  return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
}

function toolOf(process: Process): Tool {
  const tool: Tool = {
    name: toolNameOf(process.id),
    title: process.name,
    description: toolDescription(process),
    inputSchema: { type: "object" },
  };
  if (process.pricing !== undefined) tool._meta = { [TOOL_PRICING_META_KEY]: process.pricing };
  return tool;
}
