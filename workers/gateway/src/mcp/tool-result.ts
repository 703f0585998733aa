import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { GatewayAnswer } from "../http/respond.js";

/**
 * An execute answer as a tool result (docs/mcp.md, "Results"): the gateway's JSON body, the same
 * one POST /api/execute answers, as structured content and as its JSON text (for clients that
 * only read text). Anything but a completed run is a tool error, so a model sees it failed.
 */
export function toolResultOf(answer: GatewayAnswer, notes: readonly string[] = []): CallToolResult {
  const completed = answer.status === 200 && answer.body.success === true;
  return {
    content: [
      { type: "text", text: JSON.stringify(answer.body) },
      ...notes.map((text) => ({ type: "text" as const, text })),
    ],
    structuredContent: answer.body,
    ...(completed ? {} : { isError: true }),
  };
}
