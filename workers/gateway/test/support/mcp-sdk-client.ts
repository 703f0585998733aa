import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SELF } from "./checked-self.js";
import { GATEWAY } from "./ledger-fixtures.js";

/** Where a test reaches a gateway: its origin and the fetch that gets there. */
export type GatewayTarget = {
  origin: string;
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
};

const MAIN: GatewayTarget = { origin: GATEWAY, fetch: (url, init) => SELF.fetch(url, init) };

/**
 * The official MCP SDK client on a gateway's /mcp (the main one unless told), as an MCP host
 * connects (docs/mcp.md): Streamable HTTP through the test's fetch. `answers` records the media
 * type of each POST's answer, to tell a JSON answer from an SSE stream.
 */
export async function connectSdkClient(
  target: GatewayTarget = MAIN,
): Promise<{ client: Client; answers: string[] }> {
  const answers: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${target.origin}/mcp`), {
    fetch: async (url, init) => {
      const response = await target.fetch(url, init);
      if (init?.method === "POST") answers.push(response.headers.get("content-type") ?? "");
      return response;
    },
  });
  const client = new Client({ name: "agentgate-test", version: "1.0.0" });
  await client.connect(transport);
  answers.length = 0;
  return { client, answers };
}
