import { StreamableHTTPTransport } from "@hono/mcp";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { batchCapRefusal } from "./batch-cap.js";
import { parseMcpQuery } from "./mcp-query.js";
import { createMcpServer } from "./mcp-server.js";
import { answersAsStream } from "./progress-request.js";

/** A JSON-RPC error that belongs to no request: the HTTP request itself was refused. */
export function jsonRpcRefusal(
  status: 400 | 405,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/**
 * POST /mcp: one JSON-RPC message or batch over MCP's Streamable HTTP transport (@hono/mcp),
 * stateless (docs/mcp.md, "Transport"): no session id, a fresh server and transport per request.
 * Any isolate serves any request and nothing outlives it, which is how Workers run. The answer is
 * one JSON body, except for a tools/call that asks for progress: that POST is answered as an SSE
 * stream carrying the progress notifications, then the answers (answersAsStream).
 */
export async function serveMcp(c: Context<GatewayApp>): Promise<Response> {
  const parsed = parseMcpQuery(c.req.query());
  if (!parsed.ok) return jsonRpcRefusal(400, ErrorCode.InvalidRequest, parsed.message);
  let message: unknown;
  try {
    message = await c.req.json();
  } catch {
    return jsonRpcRefusal(400, ErrorCode.ParseError, "Parse error: the body is not JSON");
  }
  // JSON-RPC 2.0 answers an empty batch with one Invalid Request; the transport would accept it.
  if (Array.isArray(message) && message.length === 0) {
    return jsonRpcRefusal(400, ErrorCode.InvalidRequest, "Invalid Request: an empty batch");
  }
  const overCap = batchCapRefusal(message);
  if (overCap !== null) return jsonRpcRefusal(400, ErrorCode.InvalidRequest, overCap);
  const streaming = answersAsStream({ message, accept: c.req.header("accept") });
  const server = createMcpServer({
    env: c.env,
    query: parsed.query,
    streaming,
    origin: new URL(c.req.url).origin,
  });
  const transport = new StreamableHTTPTransport({ enableJsonResponse: !streaming });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(c, message);
    return response ?? jsonRpcRefusal(400, ErrorCode.InvalidRequest, "Invalid Request");
  } catch (error) {
    // The transport refuses non-JSON-RPC bodies and wrong Accept or Content-Type with a JSON-RPC
    // error inside an HTTPException; the gateway's onError would turn it into its own body.
    if (error instanceof HTTPException) return error.getResponse();
    throw error;
  } finally {
    // A stream is answered before its handlers run: closing now would cut it. The transport ends
    // it after the last answer, and the server goes with the request.
    if (!streaming) await server.close();
  }
}
