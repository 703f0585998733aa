import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../src/app.js";
import { SELF } from "../support/checked-self.js";
import { GATEWAY, testProcess } from "../support/ledger-fixtures.js";
import { type JsonRpcAnswer, mcpRequest, postMcp } from "../support/mcp-client.js";

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

/** A refused HTTP request: 4xx with a JSON-RPC error body that answers no request (id null). */
async function expectRefusal(res: Response, status: number, code: number): Promise<string> {
  expect(res.status).toBe(status);
  const body = await res.json<JsonRpcAnswer>();
  expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code } });
  return body.error?.message ?? "";
}

describe("/mcp refuses malformed messages with JSON-RPC errors, never a 500", () => {
  it("bad JSON is a parse error", async () => {
    await expectRefusal(await postMcp({ text: '{"jsonrpc":"2.0",' }), 400, PARSE_ERROR);
  });

  it("JSON that is not JSON-RPC is refused", async () => {
    for (const text of ['{"hello":"world"}', "42", "[]", '{"jsonrpc":"1.0","id":1,"method":"x"}']) {
      const res = await postMcp({ text });
      expect(res.status, text).toBe(400);
      expect((await res.json<JsonRpcAnswer>()).error, text).toBeDefined();
    }
  });

  it("an unknown method is Method not found", async () => {
    const answer = await mcpRequest("tools/destroy", {});
    expect(answer.error?.code).toBe(METHOD_NOT_FOUND);
  });

  it("an unknown tool, or a name no process can have, is Invalid params", async () => {
    for (const name of ["no-such-process-anywhere", "bad name!", "x".repeat(200)]) {
      const answer = await mcpRequest("tools/call", { name, arguments: {} });
      expect(answer.error?.code, name).toBe(INVALID_PARAMS);
      expect(answer.error?.message, name).toContain("Unknown tool");
    }
  });

  it("wrong arguments, a bad caller address or a bad cursor are Invalid params", async () => {
    const processId = await testProcess("free");
    const calls: Record<string, unknown>[] = [
      { name: processId, arguments: "not an object" },
      { name: processId, arguments: [1, 2] },
      { arguments: {} },
      { name: processId, _meta: { "agentgate/userAddress": "not-an-address" } },
    ];
    for (const params of calls) {
      const answer = await mcpRequest("tools/call", params);
      expect(answer.error?.code, JSON.stringify(params)).toBe(INVALID_PARAMS);
    }
    const listed = await mcpRequest("tools/list", { cursor: "../../etc" });
    expect(listed.error?.code).toBe(INVALID_PARAMS);
  });

  it("a body over the gateway's 1 MiB limit is 413 JSON before any parsing", async () => {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "echo-free", arguments: { blob: "x".repeat(MAX_BODY_BYTES) } },
    });
    const res = await postMcp({ text: huge });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: "payload_too_large" });
  });

  it("a bad filter in the URL query is refused, naming it", async () => {
    const message = await expectRefusal(
      await postMcp({
        text: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        query: "?owner=nobody&limit=1000",
      }),
      400,
      INVALID_REQUEST,
    );
    expect(message).toContain("owner");
  });

  it("GET and DELETE are 405: the server is stateless, with no stream or session", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await SELF.fetch(`${GATEWAY}/mcp`, {
        method,
        headers: { accept: "text/event-stream" },
      });
      await expectRefusal(res, 405, INVALID_REQUEST);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("a notification alone is accepted with 202 and no answer", async () => {
    const res = await postMcp({
      text: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(res.status).toBe(202);
  });

  it("a batch gets one answer per request, errors included", async () => {
    const res = await postMcp({
      text: JSON.stringify([
        { jsonrpc: "2.0", id: "a", method: "ping" },
        { jsonrpc: "2.0", id: "b", method: "nope" },
      ]),
    });
    expect(res.status).toBe(200);
    const answers = await res.json<JsonRpcAnswer[]>();
    expect(answers.find((a) => a.id === "a")?.result).toEqual({});
    expect(answers.find((a) => a.id === "b")?.error?.code).toBe(METHOD_NOT_FOUND);
  });
});
