import { describe, expect, it } from "vitest";
import type { RunState } from "#shared/schemas/runs";
import { taskIdOf, taskRefOf } from "../../src/mcp/task-id.js";
import { MCP_TASK_POLL_INTERVAL_MS, taskOf } from "../../src/mcp/task-status.js";
import { RUN_KEEP_MS } from "../../src/runs/run-limits.js";
import type { RunRecord } from "../../src/runs/run-types.js";

const REF = {
  transactionId: "01a21681-98a2-7f4d-8fb2-5fc47be054fc",
  accessToken: `agr_${"ab".repeat(32)}`,
};
const CREATED = Date.parse("2026-11-26T12:00:00.000Z");

function record(status: RunState, more: Partial<RunRecord> = {}): RunRecord {
  return {
    transactionId: REF.transactionId,
    processId: "echo",
    payer: "0x1",
    taskId: null,
    tokenHash: "00",
    status,
    progress: null,
    outcome: null,
    createdAt: CREATED,
    startedAt: null,
    endedAt: null,
    expiresAt: CREATED + 60_000 + RUN_KEEP_MS,
    links: { run: "r", events: "e", cancel: "c" },
    ...more,
  };
}

describe("task ids: a run's transaction id and its access token", () => {
  it("round-trips, and refuses anything no task of the gateway could have", () => {
    const taskId = taskIdOf(REF);
    expect(taskRefOf(taskId)).toEqual(REF);
    for (const bad of [
      REF.transactionId,
      `${REF.transactionId}:${REF.accessToken}:x`,
      `${REF.transactionId.toUpperCase()}:${REF.accessToken}`,
      `${REF.transactionId}:tok_${"ab".repeat(32)}`,
      `${REF.transactionId}:${REF.accessToken.slice(0, -1)}`,
      `${crypto.randomUUID()}:${REF.accessToken}`,
      "",
    ]) {
      expect(taskRefOf(bad), bad).toBeNull();
    }
  });
});

describe('a run as an MCP task (docs/gateway.md, "The run object")', () => {
  it("maps each run state to MCP's status, telling submitted from working in the message", () => {
    const cases: [RunRecord, string, string][] = [
      [record("submitted"), "working", "submitted: its agent has not started"],
      [record("working", { startedAt: CREATED + 5 }), "working", "working: its agent has started"],
      [
        record("working", { progress: { progress: 1, message: "step 1" } }),
        "working",
        "working: step 1",
      ],
      [record("completed", { endedAt: CREATED + 9 }), "completed", "completed"],
      [record("failed", { error: "Agent timed out" }), "failed", "failed: Agent timed out"],
      [
        record("canceled", { error: "The run was canceled" }),
        "cancelled",
        "canceled: The run was canceled",
      ],
    ];
    for (const [run, status, statusMessage] of cases) {
      expect(taskOf(run, REF)).toMatchObject({ status, statusMessage });
    }
  });

  it("lives from its creation until the run is deleted, polled every few seconds", () => {
    const running = taskOf(record("working", { startedAt: CREATED + 5 }), REF);
    expect(running).toEqual({
      taskId: taskIdOf(REF),
      status: "working",
      ttl: 60_000 + RUN_KEEP_MS,
      createdAt: "2026-11-26T12:00:00.000Z",
      lastUpdatedAt: "2026-11-26T12:00:00.005Z",
      pollInterval: MCP_TASK_POLL_INTERVAL_MS,
      statusMessage: "working: its agent has started",
    });
    const ended = record("completed", {
      endedAt: CREATED + 7_000,
      expiresAt: CREATED + 7_000 + RUN_KEEP_MS,
    });
    expect(taskOf(ended, REF)).toMatchObject({
      ttl: 7_000 + RUN_KEEP_MS,
      lastUpdatedAt: "2026-11-26T12:00:07.000Z",
    });
  });
});
