import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testProcess } from "../support/ledger-fixtures.js";
import { connectSdkClient } from "../support/mcp-sdk-client.js";

const PER_RUN = new Set(["transactionId", "runId", "timestamp"]);

/** A JSON value less what differs between two runs of the same call (ids, times). */
function withoutRunIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRunIds);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PER_RUN.has(key))
      .map(([key, inner]) => [key, withoutRunIds(inner)]),
  );
}

/** A tool result as a comparable value: its text blocks parsed, less the per-run fields. */
function sameRunAnswer(result: CallToolResult): unknown {
  const content = result.content.map((block) =>
    block.type === "text" ? withoutRunIds(JSON.parse(block.text)) : block,
  );
  return withoutRunIds({ ...result, content });
}

describe('/mcp progress (docs/mcp.md, "Progress")', () => {
  let client: Client;
  let answers: string[];

  beforeAll(async () => {
    ({ client, answers } = await connectSdkClient());
  });
  afterAll(() => client.close());

  it("answers a call that asks for progress as an SSE stream, with the result as without", async () => {
    const processId = await testProcess("free");
    const call = { name: processId, arguments: { hello: "progress" } };
    const plain = (await client.callTool(call)) as CallToolResult;
    const streamed = (await client.callTool(call, undefined, {
      onprogress: () => {},
    })) as CallToolResult;
    expect(answers).toEqual([
      expect.stringMatching(/^application\/json/),
      expect.stringMatching(/^text\/event-stream/),
    ]);
    expect(sameRunAnswer(streamed)).toEqual(sameRunAnswer(plain));
    expect(streamed.structuredContent).toMatchObject({
      status: "completed",
      result: { echo: { hello: "progress" } },
    });
  });
});
