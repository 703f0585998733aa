import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SELF } from "./checked-self.js";
import { GATEWAY } from "./ledger-fixtures.js";

/**
 * The official MCP SDK client on the gateway's /mcp, as an MCP host connects (docs/mcp.md):
 * Streamable HTTP through the test's SELF. `answers` records the media type of each POST's
 * answer, to tell a JSON answer from an SSE stream.
 */
export async function connectSdkClient(): Promise<{ client: Client; answers: string[] }> {
  const answers: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${GATEWAY}/mcp`), {
    fetch: async (url, init) => {
      const response = await SELF.fetch(url, init);
      if (init?.method === "POST") answers.push(response.headers.get("content-type") ?? "");
      return response;
    },
  });
  const client = new Client({ name: "agentgate-test", version: "1.0.0" });
  await client.connect(transport);
  answers.length = 0;
  return { client, answers };
}
