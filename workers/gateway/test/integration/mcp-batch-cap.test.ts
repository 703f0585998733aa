import { beforeAll, describe, expect, it } from "vitest";
import { MCP_BATCH_MAX_MESSAGES, MCP_BATCH_MAX_TOOL_CALLS } from "../../src/mcp/batch-cap.js";
import { fundedAccount, registerProcess } from "../support/ledger-fixtures.js";
import { type JsonRpcAnswer, postMcp } from "../support/mcp-client.js";
import { agentRunsOf, COUNTING_SERVICE_URL } from "../support/run-counts.js";

const INVALID_REQUEST = -32600;

/**
 * Issue 20, point 4: one POST /mcp could start ~8,000 runs (a 1 MiB batch of tools/call). A
 * batch holds at most MCP_BATCH_MAX_MESSAGES messages and MCP_BATCH_MAX_TOOL_CALLS tools/call
 * (docs/mcp.md, "Limits and errors"); beyond either, one JSON-RPC error and nothing runs.
 */
let processId: string;

beforeAll(async () => {
  processId = await registerProcess({
    owner: await fundedAccount(),
    serviceUrl: COUNTING_SERVICE_URL,
  });
});

function toolCall(id: number) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name: processId, arguments: {} } };
}

function ping(id: number) {
  return { jsonrpc: "2.0", id, method: "ping" };
}

/** Free runs on the counting agent carry no payment: they are counted under taskId "". */
function runs(): Promise<string[]> {
  return agentRunsOf({ processId, taskId: "" });
}

async function expectBatchRefused(batch: unknown[]): Promise<string> {
  const res = await postMcp({ text: JSON.stringify(batch) });
  expect(res.status).toBe(400);
  const body = await res.json<JsonRpcAnswer>();
  expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: INVALID_REQUEST } });
  return body.error?.message ?? "";
}

describe("/mcp caps a JSON-RPC batch", () => {
  it(`refuses more than ${MCP_BATCH_MAX_TOOL_CALLS} tools/call in one POST, and runs none of them`, async () => {
    const batch = Array.from({ length: MCP_BATCH_MAX_TOOL_CALLS + 1 }, (_, i) => toolCall(i + 1));
    const message = await expectBatchRefused(batch);
    expect(message).toContain(`at most ${MCP_BATCH_MAX_TOOL_CALLS}`);
    expect(await runs()).toEqual([]);
  });

  it(`refuses more than ${MCP_BATCH_MAX_MESSAGES} messages, tools/call among them, and runs none`, async () => {
    const batch = [
      toolCall(1),
      ...Array.from({ length: MCP_BATCH_MAX_MESSAGES }, (_, i) => ping(i + 2)),
    ];
    const message = await expectBatchRefused(batch);
    expect(message).toContain(`at most ${MCP_BATCH_MAX_MESSAGES}`);
    expect(await runs()).toEqual([]);
  });

  it("answers a batch at the caps, every call run once", async () => {
    const calls = Array.from({ length: MCP_BATCH_MAX_TOOL_CALLS }, (_, i) => toolCall(i + 1));
    const pings = Array.from({ length: MCP_BATCH_MAX_MESSAGES - calls.length }, (_, i) =>
      ping(i + 100),
    );
    const res = await postMcp({ text: JSON.stringify([...calls, ...pings]) });
    expect(res.status).toBe(200);
    const answers = await res.json<JsonRpcAnswer[]>();
    expect(answers).toHaveLength(MCP_BATCH_MAX_MESSAGES);
    expect(answers.every((a) => a.error === undefined)).toBe(true);
    expect(await runs()).toHaveLength(MCP_BATCH_MAX_TOOL_CALLS);
  });
});
