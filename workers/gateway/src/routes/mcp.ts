import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { jsonRpcRefusal, serveMcp } from "../mcp/serve-mcp.js";
import { gatewayRouter } from "../openapi/route-parts.js";

/**
 * The MCP server (docs/mcp.md). JSON-RPC over one URL, so it is not an operation of the OpenAPI
 * document; docs/mcp.md is its reference. Stateless: there is no SSE stream to GET and no
 * session to DELETE.
 */
export const mcpRoutes = gatewayRouter()
  .post("/mcp", (c) => serveMcp(c))
  .all("/mcp", () =>
    jsonRpcRefusal(
      405,
      ErrorCode.InvalidRequest,
      "Method not allowed: POST JSON-RPC messages to /mcp (stateless server, no SSE stream or session)",
      { allow: "POST" },
    ),
  );
