import {
  ErrorCode,
  type ListToolsResult,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Process } from "#shared/schemas/process";
import { answerOf } from "../http/failure.js";
import { type IndexRefusal, indexFailure } from "../list/index-result.js";
import { loadProcessSchema } from "../schema/process-schema.js";
import { mapBounded } from "./map-bounded.js";
import type { McpQuery } from "./mcp-query.js";
import { MCP_PAGE_SIZE_MAX } from "./mcp-query.js";
import { toolDescription } from "./tool-description.js";
import { toolNameOf } from "./tool-naming.js";

const ANY_OBJECT: Tool["inputSchema"] = { type: "object" };

/**
 * At most this many agents are asked for their schemas at once for one page (docs/mcp.md,
 * "Paging"): each read has its own deadline, so a slow or hostile agent holds one slot for at
 * most that long, and a page of them cannot open 50 reads at once.
 */
export const SCHEMA_READS_IN_FLIGHT = 8;

/** Said of a tool whose agent could not be asked for its schema (docs/mcp.md, "Tools"). */
export const NO_SCHEMA_NOTE =
  "Its agent's input schema could not be read just now: any JSON object is accepted here, and the process checks the data when it runs.";

type ToolSchema = { inputSchema: Tool["inputSchema"]; unavailable: boolean };

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
  const listed = await env.PROCESS_INDEX.getByName("registry").list({
    owner: query.owner,
    tag: query.tag,
    status: "active",
    cursor,
    limit: query.limit ?? MCP_PAGE_SIZE_MAX,
  });
  if (!listed.ok) throw listRefused(listed);
  const page = listed.value;
  // The read model holds each process as the gateway answers it (list/process-index-object.ts).
  const processes = page.bodies.map((body) => JSON.parse(body) as Process);
  const tools = await mapBounded({
    items: processes,
    limit: SCHEMA_READS_IN_FLIGHT,
    fn: async (process) => toolOf(process, await inputSchemaOf(env, process.id)),
  });
  return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
}

/**
 * The list could not be synced from the ledger: the gateway's own failure, Internal error with
 * the body GET /api/processes answers (docs/mcp.md, "Paging").
 */
function listRefused(refusal: IndexRefusal): McpError {
  const { body } = answerOf(indexFailure(refusal));
  return new McpError(ErrorCode.InternalError, String(body.error), body);
}

/**
 * The agent's input schema (docs/gateway.md, "Process schemas"); any JSON object when the agent
 * publishes none, or cannot be asked now (then `unavailable`, and its failure is cached like a
 * schema): the tool is still listed, and a call's data is checked by the execute path all the
 * same.
 */
async function inputSchemaOf(env: GatewayEnv, processId: string): Promise<ToolSchema> {
  const loaded = await loadProcessSchema({ env, processId });
  if (!loaded.ok) return { inputSchema: ANY_OBJECT, unavailable: true };
  if (loaded.value === null) return { inputSchema: ANY_OBJECT, unavailable: false };
  return { inputSchema: { ...loaded.value.inputSchema, type: "object" }, unavailable: false };
}

function toolOf(process: Process, schema: ToolSchema): Tool {
  const description = toolDescription(process);
  const tool: Tool = {
    name: toolNameOf(process.id),
    title: process.name,
    description: schema.unavailable ? `${description}\n\n${NO_SCHEMA_NOTE}` : description,
    inputSchema: schema.inputSchema,
    // Every call is a run, which is a task when the client asks (docs/mcp.md, "Tasks").
    execution: { taskSupport: "optional" },
  };
  if (process.pricing !== undefined) tool._meta = { [TOOL_PRICING_META_KEY]: process.pricing };
  return tool;
}
