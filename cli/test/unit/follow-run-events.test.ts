import { afterEach, describe, expect, it } from "vitest";
import type { RunEvent, RunStatusResponse } from "#shared/schemas/runs";
import { CliError } from "../../src/errors/cli-error.js";
import {
  FOLLOW_POLICY,
  type FollowPolicy,
  followRunEvents,
} from "../../src/runs/follow-run-events.js";
import {
  type ScriptedAnswer,
  type ScriptedServer,
  startScriptedServer,
} from "./support/scripted-sse-server.js";

const NOW = "2026-11-26T07:00:00.000Z";
const FINAL: RunStatusResponse = {
  success: true,
  transactionId: "tx-1",
  processId: "slow-report",
  status: "completed",
  taskId: null,
  progress: { progress: 3, total: 3 },
  result: { done: true },
  outcome: null,
  createdAt: NOW,
  startedAt: NOW,
  endedAt: NOW,
  expiresAt: NOW,
  links: {
    run: "http://x/api/runs/tx-1",
    events: "http://x/api/runs/tx-1/events",
    cancel: "http://x/api/runs/tx-1/cancel",
  },
  timestamp: NOW,
};

const sse = (seq: number, event: RunEvent) =>
  `id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
const STATUS = sse(1, { type: "status", status: "submitted" });
const WORKING = sse(2, { type: "status", status: "working" });
const LOG = sse(3, { type: "log", line: "step 1" });
const RESULT = sse(4, { type: "result", run: FINAL });

const POLICY: FollowPolicy = {
  ...FOLLOW_POLICY,
  silenceMs: 300,
  maxReconnects: 3,
  limits: { maxLineChars: 4096, maxEventChars: 4096 },
};

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function follow(answers: ScriptedAnswer[], policy = POLICY) {
  server = await startScriptedServer(answers);
  const events: RunEvent[] = [];
  const waits: number[] = [];
  const outcome = await followRunEvents({
    url: server.url,
    what: "run tx-1",
    headers: async () => ({ authorization: "Bearer agr_test" }),
    onEvent: (event) => events.push(event),
    policy: { ...policy, backoffMs: (attempt) => attempt },
    sleep: async (ms) => {
      waits.push(ms);
    },
  }).then(
    (run) => ({ run, error: undefined }),
    (error: unknown) => ({ run: undefined, error }),
  );
  return { ...outcome, events, waits, requests: server.requests };
}

describe("following a run's events", () => {
  it("shows each event in order and returns the final run, with the credentials on the request", async () => {
    const got = await follow([{ steps: [STATUS, WORKING, LOG, RESULT] }]);
    expect(got.run).toEqual(FINAL);
    expect(got.events.map((e) => e.type)).toEqual(["status", "status", "log"]);
    expect(got.requests[0]).toMatchObject({
      accept: "text/event-stream",
      authorization: "Bearer agr_test",
    });
    expect(got.requests[0]?.["last-event-id"]).toBeUndefined();
  });

  it("reconnects after the stream ends early, with Last-Event-ID, and shows a repeat once", async () => {
    const got = await follow([{ steps: [STATUS, WORKING] }, { steps: [WORKING, LOG, RESULT] }]);
    expect(got.run).toEqual(FINAL);
    expect(got.events.map((e) => e.type)).toEqual(["status", "status", "log"]);
    expect(got.requests.map((r) => r["last-event-id"])).toEqual([undefined, "2"]);
  });

  it("gives a silent connection up after the silence deadline and resumes after the last event", async () => {
    const got = await follow([{ steps: [STATUS], hang: true }, { steps: [WORKING, LOG, RESULT] }]);
    expect(got.run).toEqual(FINAL);
    expect(got.requests.map((r) => r["last-event-id"])).toEqual([undefined, "1"]);
  });

  it("keeps a connection that sends keep-alive comments within the deadline", async () => {
    const keepAlive = Array.from({ length: 6 }, () => [{ waitMs: 100 }, ": keep-alive\n\n"]).flat();
    const got = await follow([{ steps: [STATUS, ...keepAlive, RESULT] }]);
    expect(got.run).toEqual(FINAL);
    expect(got.requests).toHaveLength(1);
  });

  it("gives up after the bounded number of connections in a row that bring no event", async () => {
    const empty = { steps: [] };
    const got = await follow([{ steps: [STATUS] }, empty, empty, empty, empty, empty]);
    expect(got.error).toBeInstanceOf(CliError);
    expect(got.error).toMatchObject({
      kind: "unreachable",
      message: expect.stringMatching(/after 3 reconnects/),
    });
    // The first connection brought an event; then 1 + 3 reconnects, backing off 1, 2, 3.
    expect(got.requests).toHaveLength(4);
    expect(got.waits).toEqual([1, 2, 3]);
  });

  it("retries a 5xx but stops at once on the gateway's refusals, with its message", async () => {
    const busy = await follow([
      { status: 503, contentType: "application/json", steps: ['{"success":false,"error":"busy"}'] },
      { steps: [STATUS, RESULT] },
    ]);
    expect(busy.run).toEqual(FINAL);
    await server?.close();
    for (const [status, kind] of [
      [404, "not_found"],
      [403, "refused"],
      [401, "refused"],
    ] as const) {
      const body = JSON.stringify({ success: false, error: `refused ${status}`, code: "x" });
      const got = await follow([
        { status, contentType: "application/json", steps: [body] },
        { steps: [RESULT] },
      ]);
      expect(got.error).toMatchObject({
        kind,
        message: `run tx-1: refused ${status} (HTTP ${status})`,
      });
      expect(got.requests).toHaveLength(1);
      await server?.close();
    }
  });

  it("stops on a line past its limit, an event not in the contract's shape, too many events, or an answer that is no stream", async () => {
    const long = await follow([{ steps: [STATUS, `data: ${"x".repeat(5000)}`] }]);
    expect(long.error).toMatchObject({
      kind: "unreachable",
      message: expect.stringMatching(/longer than 4096/),
    });
    expect(long.requests).toHaveLength(1);
    await server?.close();
    const odd = await follow([
      { steps: ['id: 1\nevent: status\ndata: {"type":"status","status":"paused"}\n\n'] },
    ]);
    expect(odd.error).toMatchObject({
      kind: "unreachable",
      message: expect.stringMatching(/expected shape/),
    });
    await server?.close();
    const many = await follow([{ steps: [STATUS, WORKING, LOG, RESULT] }], {
      ...POLICY,
      maxEvents: 2,
    });
    expect(many.error).toMatchObject({
      kind: "unreachable",
      message: "run tx-1: more than 2 events",
    });
    await server?.close();
    const json = await follow([{ contentType: "application/json", steps: ["{}"] }]);
    expect(json.error).toMatchObject({
      kind: "unreachable",
      message: expect.stringMatching(/without an event stream/),
    });
  });
});
