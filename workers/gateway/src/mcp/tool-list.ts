import type { ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Process } from "#shared/schemas/process";
import { loadProcessSchema } from "../schema/process-schema.js";
import type { McpQuery } from "./mcp-query.js";
import { MCP_PAGE_SIZE_MAX } from "./mcp-query.js";
import { toolDescription } from "./tool-description.js";
import { toolNameOf } from "./tool-naming.js";

const ANY_OBJECT: Tool["inputSchema"] = { type: "object" };

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
  const processes = page.bodies.map((body) => JSON.parse(body) as Process);
  const tools = await Promise.all(
    processes.map(async (process) => toolOf(process, await inputSchemaOf(env, process.id))),
  );
  return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
}

/**
 * The agent's input schema (docs/gateway.md, "Process schemas"); any JSON object when the agent
 * publishes none or cannot be asked now: the tool is still listed, and a call's data is checked
 * by the execute path all the same.
 */
async function inputSchemaOf(env: GatewayEnv, processId: string): Promise<Tool["inputSchema"]> {
  const loaded = await loadProcessSchema({ env, processId });
  if (!loaded.ok || loaded.value === null) return ANY_OBJECT;
  return { ...loaded.value.inputSchema, type: "object" };
}

function toolOf(process: Process, inputSchema: Tool["inputSchema"]): Tool {
  const tool: Tool = {
    name: toolNameOf(process.id),
    title: process.name,
    description: toolDescription(process),
    inputSchema,
  };
  if (process.pricing !== undefined) tool._meta = { [TOOL_PRICING_META_KEY]: process.pricing };
  return tool;
}
