import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type CallToolResult, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_META_KEY, type RunHandle } from "../../src/mcp/run-notice.js";
import { MCP_BLOCKING_WAIT_MS } from "../../src/mcp/tool-run-wait.js";
import { testProcess } from "../support/ledger-fixtures.js";
import { connectSdkClient } from "../support/mcp-sdk-client.js";
import { finalRun, LONG, registerSlowReport, SLOW } from "../support/slow-report.js";

const PER_RUN = new Set(["transactionId", "runId", "timestamp", "accessToken", "links"]);

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
    const seen: Seen[] = [];
    const streamed = (await client.callTool(call, undefined, {
      onprogress: (progress) => seen.push({ ...progress, at: Date.now() }),
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
    // Even a run that ends at once is named first, as its result names it.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(runOf(seen[0]?._meta)).toEqual(runOf(streamed._meta));
    expect(runOf(plain._meta).transactionId).not.toBe(runOf(streamed._meta).transactionId);
  });
});

type Seen = { at: number; progress: number; total?: number; message?: string; _meta?: unknown };

function runOf(meta: unknown): RunHandle {
  const run = (meta as Record<string, unknown> | undefined)?.[RUN_META_KEY];
  expect(run).toMatchObject({
    transactionId: expect.any(String),
    accessToken: expect.stringMatching(/^agr_/),
  });
  return run as RunHandle;
}

/** Notifications at most 15 s apart from the call to its answer, each value above the last. */
function expectSteadyProgress(args: { started: number; seen: Seen[]; ended: number }) {
  const times = [args.started, ...args.seen.map((s) => s.at), args.ended];
  const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
  expect(Math.max(...gaps)).toBeLessThanOrEqual(15_000);
  const values = args.seen.map((s) => s.progress);
  for (let i = 1; i < values.length; i++) {
    expect(values[i]).toBeGreaterThan(values[i - 1] ?? Number.POSITIVE_INFINITY);
  }
}

describe("a 90-second tool over MCP (issue 21)", () => {
  beforeAll(registerSlowReport, 30_000);

  it("reaches its result with resetTimeoutOnProgress and a 60 s timeout: progress at least every 15 s, always increasing", async () => {
    const { client } = await connectSdkClient(LONG);
    const seen: Seen[] = [];
    const started = Date.now();
    const result = (await client.callTool({ name: SLOW, arguments: { seconds: 90 } }, undefined, {
      onprogress: (progress) => seen.push({ ...progress, at: Date.now() }),
      resetTimeoutOnProgress: true,
      timeout: 60_000,
    })) as CallToolResult;
    const ended = Date.now();
    await client.close();
    expect(ended - started).toBeGreaterThanOrEqual(90_000);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      success: true,
      status: "completed",
      result: { seconds: 90 },
    });
    // The first notification names the run; the result names it too.
    const run = runOf(seen[0]?._meta);
    expect(seen[0]?.message).toBe(
      `run ${run.transactionId} started: GET ${run.links.run} with Authorization: Bearer ${run.accessToken}`,
    );
    expect(runOf(result._meta)).toEqual(run);
    // The agent's own reports come through, with their messages.
    expect(seen.some((s) => s.message === "step 45 of 90" && s.total === 90)).toBe(true);
    expectSteadyProgress({ started, seen, ended });
    // The same result is read over HTTP with the run's token.
    expect((await finalRun(run)).result).toEqual(
      (result.structuredContent as { result: unknown }).result,
    );
  }, 180_000);

  it(`without progress: at ${MCP_BLOCKING_WAIT_MS / 1000} s the call names the run, whose result is read afterwards with its token only`, async () => {
    const { client } = await connectSdkClient(LONG);
    const result = (await client.callTool({ name: SLOW, arguments: { seconds: 55 } }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    await client.close();
    expect(result.isError).toBe(true);
    const run = runOf(result._meta);
    expect(result.structuredContent).toMatchObject({ success: true, ...run });
    expect(JSON.stringify(result.content)).toContain(
      `GET ${run.links.run} with Authorization: Bearer ${run.accessToken}`,
    );
    // Private: no token, no run.
    expect((await LONG.fetch(run.links.run)).status).toBe(401);
    const final = await finalRun(run);
    expect(final.result).toMatchObject({ seconds: 55 });
  }, 180_000);

  it("a call queued behind another run hears heartbeats until its agent starts", async () => {
    const { client } = await connectSdkClient(LONG);
    // slow-report runs one at a time: this one holds the agent for 25 s.
    const first = client.callTool({ name: SLOW, arguments: { seconds: 25 } }, undefined, {
      onprogress: () => {},
      resetTimeoutOnProgress: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const seen: Seen[] = [];
    const started = Date.now();
    const queued = (await client.callTool({ name: SLOW, arguments: { seconds: 1 } }, undefined, {
      onprogress: (progress) => seen.push({ ...progress, at: Date.now() }),
      resetTimeoutOnProgress: true,
      timeout: 15_000,
    })) as CallToolResult;
    const ended = Date.now();
    await first;
    await client.close();
    expect(queued.structuredContent).toMatchObject({ status: "completed", result: { seconds: 1 } });
    const { transactionId } = runOf(queued._meta);
    const heartbeats = seen.filter((s) =>
      s.message?.startsWith(`run ${transactionId} still running after `),
    );
    expect(heartbeats.length).toBeGreaterThanOrEqual(2);
    expectSteadyProgress({ started, seen, ended });
  }, 60_000);

  it("a client that times out without resetting reads the result through the first message's URL", async () => {
    const { client } = await connectSdkClient(LONG);
    const seen: Seen[] = [];
    const call = client.callTool({ name: SLOW, arguments: { seconds: 8 } }, undefined, {
      onprogress: (progress) => seen.push({ ...progress, at: Date.now() }),
      timeout: 3_000,
    });
    await expect(call).rejects.toSatisfy(
      (error) => error instanceof McpError && error.code === ErrorCode.RequestTimeout,
    );
    await client.close();
    const run = runOf(seen[0]?._meta);
    const final = await finalRun(run);
    expect(final.result).toMatchObject({ seconds: 8 });
  }, 60_000);
});
