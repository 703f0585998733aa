import { SELF } from "./checked-self.js";
import { GATEWAY } from "./ledger-fixtures.js";

export type JsonRpcAnswer = {
  jsonrpc: "2.0";
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

let nextId = 0;

/** POST /mcp with raw text, as an MCP client over Streamable HTTP sends it. */
export function postMcp(args: {
  text: string;
  query?: string;
  headers?: Record<string, string>;
}): Promise<Response> {
  return SELF.fetch(`${GATEWAY}/mcp${args.query ?? ""}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...args.headers,
    },
    body: args.text,
  });
}

/** One JSON-RPC request to /mcp; its answer, checked to be HTTP 200 JSON. */
export async function mcpRequest(
  method: string,
  params?: Record<string, unknown>,
  query?: string,
): Promise<JsonRpcAnswer> {
  nextId += 1;
  const res = await postMcp({
    text: JSON.stringify({ jsonrpc: "2.0", id: nextId, method, ...(params ? { params } : {}) }),
    ...(query === undefined ? {} : { query }),
  });
  if (res.status !== 200) throw new Error(`/mcp answered ${res.status}: ${await res.text()}`);
  const answer = await res.json<JsonRpcAnswer>();
  if (answer.id !== nextId) throw new Error(`answer to another request: ${JSON.stringify(answer)}`);
  return answer;
}
