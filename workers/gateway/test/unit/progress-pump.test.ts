import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  PROGRESS_HEARTBEAT_MS,
  type ProgressParams,
  startProgressPump,
} from "../../src/mcp/progress-pump.js";

const FIRST = { message: "run r1 started", meta: { "agentgate/run": { transactionId: "r1" } } };

/** A client that records each notification with the (fake) time it arrived. */
function recordingClient(options: { failAfter?: number } = {}) {
  const sent: (ProgressParams & { at: number })[] = [];
  const send = async (params: ProgressParams) => {
    if (options.failAfter !== undefined && sent.length >= options.failAfter) {
      throw new Error("stream closed");
    }
    sent.push({ ...params, at: Date.now() });
  };
  return { sent, send };
}

function pumpFor(send: (params: ProgressParams) => Promise<void>) {
  return startProgressPump({
    first: FIRST,
    send,
    heartbeatMessage: () => "run r1 working",
  });
}

function expectIncreasing(sent: ProgressParams[]) {
  for (let i = 1; i < sent.length; i++) {
    expect(sent[i]?.progress).toBeGreaterThan(sent[i - 1]?.progress ?? Number.POSITIVE_INFINITY);
  }
}

describe("startProgressPump", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("names the run in the first notification, sent at once with progress 0", async () => {
    const client = recordingClient();
    const pump = pumpFor(client.send);
    await pump.stop();
    expect(client.sent).toEqual([
      { progress: 0, message: FIRST.message, _meta: FIRST.meta, at: expect.any(Number) },
    ]);
  });

  it("sends a heartbeat at least every 15 s over a 90 s run whose agent says nothing", async () => {
    const client = recordingClient();
    const start = Date.now();
    const pump = pumpFor(client.send);
    await vi.advanceTimersByTimeAsync(90_000);
    await pump.stop();
    expect(client.sent.length).toBe(1 + 90_000 / PROGRESS_HEARTBEAT_MS);
    const times = [start, ...client.sent.map((s) => s.at), start + 90_000];
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeLessThanOrEqual(15_000);
    }
    expectIncreasing(client.sent);
    expect(client.sent.slice(1).every((s) => s.message === "run r1 working")).toBe(true);
  });

  it("passes the agent's progress on, and keeps every value above the one before", async () => {
    const client = recordingClient();
    const pump = pumpFor(client.send);
    await vi.advanceTimersByTimeAsync(0);
    pump.report({ progress: 3, total: 10, message: "page 3" });
    await vi.advanceTimersByTimeAsync(0);
    // The same value again (an agent that repeats itself), then a heartbeat, then a lower one.
    pump.report({ progress: 3, total: 10, message: "still page 3" });
    await vi.advanceTimersByTimeAsync(PROGRESS_HEARTBEAT_MS);
    pump.report({ progress: 1, total: 10 });
    await vi.advanceTimersByTimeAsync(0);
    pump.report({ progress: 10, total: 10, message: "done" });
    await vi.advanceTimersByTimeAsync(0);
    // At the total, a heartbeat goes above it: then it says no total rather than a wrong one.
    await vi.advanceTimersByTimeAsync(PROGRESS_HEARTBEAT_MS);
    await pump.stop();
    const seen = client.sent.map(({ at: _at, _meta, ...rest }) => rest);
    expect(seen).toEqual([
      { progress: 0, message: FIRST.message },
      { progress: 3, total: 10, message: "page 3" },
      { progress: 3.001, total: 10, message: "still page 3" },
      { progress: 3.002, total: 10, message: "run r1 working" },
      { progress: expect.closeTo(3.003, 9), total: 10 },
      { progress: 10, total: 10, message: "done" },
      { progress: 10.001, message: "run r1 working" },
    ]);
    expectIncreasing(client.sent);
  });

  it("coalesces what a slow client has not read yet into the latest report", async () => {
    let release: () => void = () => {};
    const sent: ProgressParams[] = [];
    const pump = pumpFor(async (params) => {
      sent.push(params);
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    for (let i = 1; i <= 50; i++) pump.report({ progress: i, message: `step ${i}` });
    await vi.advanceTimersByTimeAsync(3 * PROGRESS_HEARTBEAT_MS);
    expect(sent.length).toBe(1);
    release();
    await pump.stop();
    expect(sent.map((s) => s.message)).toEqual([FIRST.message, "step 50"]);
  });

  it("stops at the first failed send: the client is gone", async () => {
    const client = recordingClient({ failAfter: 2 });
    const pump = pumpFor(client.send);
    await vi.advanceTimersByTimeAsync(5 * PROGRESS_HEARTBEAT_MS);
    pump.report({ progress: 7 });
    await vi.advanceTimersByTimeAsync(5 * PROGRESS_HEARTBEAT_MS);
    await pump.stop();
    expect(client.sent.length).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sends nothing after stop resolves, even a report made before it", async () => {
    const client = recordingClient();
    const pump = pumpFor(client.send);
    pump.report({ progress: 1, message: "queued before the end" });
    await pump.stop();
    const count = client.sent.length;
    pump.report({ progress: 2 });
    await vi.advanceTimersByTimeAsync(5 * PROGRESS_HEARTBEAT_MS);
    expect(client.sent.length).toBe(count);
    expect(client.sent.at(-1)?.message).toBe("queued before the end");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps increasing past a hostile agent's huge value, with finite numbers", async () => {
    const client = recordingClient();
    const pump = pumpFor(client.send);
    pump.report({ progress: Number.MAX_VALUE });
    await vi.advanceTimersByTimeAsync(3 * PROGRESS_HEARTBEAT_MS);
    pump.report({ progress: Number.MAX_VALUE });
    await vi.advanceTimersByTimeAsync(0);
    await pump.stop();
    expect(client.sent.length).toBe(6);
    expect(client.sent.every((s) => Number.isFinite(s.progress))).toBe(true);
    expectIncreasing(client.sent);
  });
});
