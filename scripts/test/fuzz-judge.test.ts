// The seeded fuzz's judge (support/fuzz.mjs) against the answers issue 20 found (items 7 and 8):
// each of them is a finding, and the answers that replaced them are not.
import { describe, expect, it } from "vitest";
import { type Answer, type FuzzCase, judge } from "./support/fuzz.mjs";

const ADDRESS = `0x${"ab".repeat(32)}`;
const TX = "01a21609-ab57-714b-a8b5-10f13433d931";

function request(kind: string, method: string, path: string, body = ""): FuzzCase {
  return { seed: 0, index: 0, kind, method, path, headers: [], body, mode: "normal" };
}

function json(status: number, body: object): Answer {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

const execute = (processId: string, data = "{}") =>
  request(
    "gateway",
    "POST",
    `/api/execute/${processId}`,
    `{"userAddress":"${ADDRESS}","data":${data}}`,
  );
const failedRun = (processId: string, code: string, details: object) =>
  json(400, {
    success: false,
    transactionId: TX,
    processId,
    status: "failed",
    error: "x",
    code,
    details,
    timestamp: "t",
  });

describe("the fuzz's judge", () => {
  it("finds each of item 7's old execute answers", () => {
    const issues = [{ path: "body.data.text", message: "required" }];
    const old: [FuzzCase, Answer][] = [
      [
        execute("text-stats"),
        json(400, { success: false, error: "x", code: "validation_failed", details: { issues } }),
      ],
      [
        execute("unreachable"),
        json(502, { success: false, error: "x", code: "agent_unavailable" }),
      ],
      [execute("unserved"), json(500, { success: false, error: "x", code: "internal_error" })],
      [
        execute("echo", '{"\\ud800":null}'),
        json(502, { success: false, error: "x", code: "agent_unavailable" }),
      ],
      // The same caller's data as a failed run is still an agent fault where the agent works.
      [
        execute("echo", '{"\\ud800":null}'),
        failedRun("echo", "agent_unavailable", { reason: "schema cannot be applied" }),
      ],
    ];
    for (const [c, answer] of old) expect(judge(c, answer), answer.body).toBeDefined();
  });

  it("passes the answers in SPEC's shapes", () => {
    const issues = [{ path: "body.data.text", message: "required" }];
    expect(
      judge(execute("text-stats"), failedRun("text-stats", "validation_failed", { issues })),
    ).toBeUndefined();
    expect(
      judge(execute("unserved"), failedRun("unserved", "agent_unavailable", { reason: "r" })),
    ).toBeUndefined();
    // A malformed request body is no run: it keeps the error body.
    const badBody = json(400, {
      success: false,
      error: "body.userAddress: invalid address",
      code: "validation_failed",
      details: { issues: [{ path: "body.userAddress", message: "invalid address" }] },
    });
    expect(judge(execute("echo"), badBody)).toBeUndefined();
    // The logs route's documented 502 for an agent that cannot be asked; not execute's.
    const logs502 = json(502, { success: false, error: "x", code: "agent_unavailable" });
    expect(judge(request("gateway", "GET", "/api/logs/unserved/x"), logs502)).toBeUndefined();
    // The same route as the server reads a path that climbs above the root.
    expect(judge(request("gateway", "GET", "/../api/logs/unserved/%ff"), logs502)).toBeUndefined();
    expect(
      judge(request("gateway", "HEAD", "/api/logs/unserved/x"), { ...logs502, body: "" }),
    ).toBeUndefined();
    expect(judge(execute("unserved"), logs502)).toMatch(/502/);
  });

  it("finds a HEAD answered with a body, and a devnode refusal in another shape", () => {
    const headBody = json(400, {
      success: false,
      error: "Malformed HTTP request",
      code: "bad_request",
    });
    expect(judge(request("gateway", "HEAD", "/%C3%A9"), headBody)).toMatch(/HEAD/);
    expect(judge(request("gateway", "HEAD", "/x"), { ...headBody, body: "" })).toBeUndefined();
    const gatewayShape = json(413, { success: false, error: "x", code: "body_refused" });
    expect(judge(request("ledger", "POST", "/v1/view"), gatewayShape)).toMatch(/Aptos/);
    const aptosShape = json(413, {
      message: "x",
      error_code: "invalid_input",
      vm_error_code: null,
    });
    expect(judge(request("ledger", "POST", "/fund"), aptosShape)).toBeUndefined();
  });

  it("takes A2A's event streams as streams, and only theirs", () => {
    const stream: Answer = {
      status: 200,
      headers: { "content-type": "text/event-stream" },
      body: 'data: {"jsonrpc":"2.0"}\n\n',
    };
    expect(judge(request("gateway", "POST", "/a2a/echo/message:stream"), stream)).toBeUndefined();
    expect(judge(request("gateway", "POST", "/api/execute/echo"), stream)).toMatch(/event-stream/);
  });
});
