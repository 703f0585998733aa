import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunProgress } from "#shared/schemas/runs";
import type { GatewayAnswer } from "../../src/http/respond.js";
import type { ProgressParams } from "../../src/mcp/progress-pump.js";
import { RUN_META_KEY } from "../../src/mcp/run-notice.js";
import { MCP_BLOCKING_WAIT_MS, type ToolRun, waitForToolRun } from "../../src/mcp/tool-run-wait.js";

const HANDLE = {
  transactionId: "01a21681-98a2-7f4d-8fb2-5fc47be054fc",
  accessToken: `agr_${"ab".repeat(32)}`,
  links: {
    run: "https://gateway.test/api/runs/01a21681-98a2-7f4d-8fb2-5fc47be054fc",
    events: "https://gateway.test/api/runs/01a21681-98a2-7f4d-8fb2-5fc47be054fc/events",
    cancel: "https://gateway.test/api/runs/01a21681-98a2-7f4d-8fb2-5fc47be054fc/cancel",
  },
};
const ANSWER: GatewayAnswer = { status: 200, body: { success: true, result: { done: true } } };

/** A run that reports `reports` at their times (ms after the start) and ends at `endsAt`. */
function scriptedRun(args: { reports: [number, RunProgress][]; endsAt: number }): ToolRun {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    handle: HANDLE,
    async *progress(signal) {
      let at = 0;
      for (const [time, progress] of args.reports) {
        await sleep(time - at);
        at = time;
        if (signal.aborted) return;
        yield progress;
      }
    },
    answer: async () => {
      await sleep(args.endsAt);
      return ANSWER;
    },
  };
}

describe("waitForToolRun", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("with a progressToken: names the run first, passes the agent's reports, then answers", async () => {
    const sent: ProgressParams[] = [];
    const run = scriptedRun({
      reports: [
        [1_000, { progress: 1, total: 3, message: "one" }],
        [2_000, { progress: 2, total: 3, message: "two" }],
      ],
      endsAt: 90_000,
    });
    const waited = waitForToolRun({ run, progress: async (p) => void sent.push(p) });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(await waited).toEqual({ kind: "ended", answer: ANSWER });
    const [first, ...rest] = sent;
    expect(first?.message).toBe(
      `run ${HANDLE.transactionId} started: GET ${HANDLE.links.run} with Authorization: Bearer ${HANDLE.accessToken}`,
    );
    expect(first?._meta).toEqual({ [RUN_META_KEY]: HANDLE });
    expect(rest.slice(0, 2).map((p) => p.message)).toEqual(["one", "two"]);
    // 88 s after the last report, in heartbeats under 15 s apart, each still naming the run.
    expect(rest.length).toBeGreaterThanOrEqual(2 + Math.ceil(88_000 / 15_000));
    expect(rest.slice(2).every((p) => p.message?.includes(HANDLE.transactionId))).toBe(true);
    const count = sent.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.length).toBe(count);
  });

  it("with a progressToken: answers a run whose reports cannot be read, with heartbeats", async () => {
    const sent: ProgressParams[] = [];
    const run: ToolRun = {
      ...scriptedRun({ reports: [], endsAt: 30_000 }),
      // biome-ignore lint/correctness/useYield: a source that fails before its first report
      async *progress() {
        throw new Error("events unreadable");
      },
    };
    const waited = waitForToolRun({ run, progress: async (p) => void sent.push(p) });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await waited).toEqual({ kind: "ended", answer: ANSWER });
    expect(sent.length).toBeGreaterThanOrEqual(3);
  });

  it(`without a progressToken: the answer of a run that ends within ${MCP_BLOCKING_WAIT_MS} ms`, async () => {
    const waited = waitForToolRun({
      run: scriptedRun({ reports: [], endsAt: MCP_BLOCKING_WAIT_MS - 1 }),
      progress: null,
    });
    await vi.advanceTimersByTimeAsync(MCP_BLOCKING_WAIT_MS);
    expect(await waited).toEqual({ kind: "ended", answer: ANSWER });
  });

  it("without a progressToken: `running` once the wait is over, the run going on", async () => {
    const waited = waitForToolRun({
      run: scriptedRun({ reports: [], endsAt: 90_000 }),
      progress: null,
    });
    await vi.advanceTimersByTimeAsync(MCP_BLOCKING_WAIT_MS);
    expect(await waited).toEqual({ kind: "running" });
  });
});
