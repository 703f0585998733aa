import { describe, expect, it } from "vitest";
import { submittedRecord } from "../../src/runs/run-record.js";
import { runLinks } from "../../src/runs/run-status.js";
import type { RunWatch } from "../../src/runs/run-types.js";
import { runWatcher } from "../../src/runs/watch-run.js";

// The events route's one call to the run object (docs/gateway.md, "Watching a run").

const transactionId = "019ac2a0-0000-7000-8000-000000000003";
const user = `0x${"1".repeat(64)}`;
const RECORD = submittedRecord(
  {
    transactionId,
    processId: "echo",
    payer: user,
    taskId: null,
    ownerAddress: user,
    serviceUrl: "service://ECHO_AGENT",
    agentRequest: { transactionId, processId: "echo", userAddress: user, data: {} },
    tokenHash: "0".repeat(64),
    timeoutMs: 60_000,
    idempotency: null,
    links: runLinks("https://gateway.test", transactionId),
  },
  0,
);

function recordingRun(watch: RunWatch | null) {
  const seen: number[] = [];
  const run = {
    watch: async (after: number) => {
      seen.push(after);
      return watch;
    },
  };
  return { seen, run };
}

const streamOf = (text: string) => new Response(text).body as ReadableStream<Uint8Array>;

describe("runWatcher", () => {
  it("hands the run object the position to resume after and nothing else, once", async () => {
    const { run, seen } = recordingRun({ record: RECORD, events: streamOf("id: 1\n\n") });
    const watcher = runWatcher({ run, after: 7 });
    expect(seen).toEqual([]);
    expect(await watcher.read()).toBe(RECORD);
    const response = watcher.response();
    expect(seen).toEqual([7]);
    expect(response?.headers.get("content-type")).toBe("text/event-stream");
    expect(response?.headers.get("cache-control")).toBe("no-store");
    expect(await response?.text()).toBe("id: 1\n\n");
  });

  it("reads no run as null, and cancels the stream of a refused request unread", async () => {
    const gone = runWatcher({ ...recordingRun(null), after: 0 });
    expect(await gone.read()).toBeNull();
    expect(gone.response()).toBeNull();
    let canceled = false;
    const events = new ReadableStream<Uint8Array>({
      cancel: () => {
        canceled = true;
      },
    });
    const refused = runWatcher({ ...recordingRun({ record: RECORD, events }), after: 0 });
    await refused.read();
    await refused.refused();
    expect(canceled).toBe(true);
  });
});
