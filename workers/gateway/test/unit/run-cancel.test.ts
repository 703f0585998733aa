import { describe, expect, it } from "vitest";
import { errorBody, errorStatus } from "#shared/errors/bodies";
import { type CancelableRun, cancelRun } from "../../src/runs/run-cancel.js";
import { runLinks, runStatusBody } from "../../src/runs/run-status.js";
import type { CancelResult, RunRecord } from "../../src/runs/run-types.js";

// POST /api/runs/:transactionId/cancel's answers (docs/gateway.md, "Canceling a run"): the run
// object applies the money rule; the answer says which part of it refused.

const ID = "019ac2a0-0000-7000-8000-000000000002";
const NOW = Date.UTC(2026, 10, 26, 7);

function recordOf(over: Partial<RunRecord>): RunRecord {
  return {
    transactionId: ID,
    processId: "some-process",
    payer: `0x${"ab".repeat(32)}`,
    taskId: null,
    tokenHash: "00",
    status: "submitted",
    progress: null,
    outcome: null,
    createdAt: NOW,
    startedAt: null,
    endedAt: null,
    expiresAt: NOW + 60_000,
    links: runLinks("https://gateway.test", ID),
    ...over,
  };
}

function runOf(result: CancelResult, now: RunRecord | null): CancelableRun {
  return { cancel: async () => result, read: async () => now };
}

describe("cancelRun", () => {
  it("answers the run as it is after the cancel", async () => {
    const canceled = recordOf({ status: "canceled", endedAt: NOW, code: "run_canceled" });
    const result = await cancelRun({ run: runOf({ ok: true, run: canceled }, canceled) });
    expect(result.ok && runStatusBody(result.value).status).toBe("canceled");
  });

  it("refuses a paid run its agent works on with the money rule's reason (409)", async () => {
    const working = recordOf({ taskId: "task-1", status: "working", startedAt: NOW });
    const result = await cancelRun({
      run: runOf({ ok: false, code: "run_not_cancelable" }, working),
    });
    expect(result.ok ? null : errorStatus(result.error)).toBe(409);
    const body = result.ok ? null : errorBody(result.error, { timestamp: "t" });
    expect(body).toMatchObject({ code: "run_not_cancelable", details: { status: "working" } });
    expect(body?.error).toMatch(/paid run cannot be canceled once its agent has started/);
  });

  it("refuses a final run, naming how it ended (409)", async () => {
    const done = recordOf({ status: "completed", endedAt: NOW, result: { ok: true } });
    const result = await cancelRun({ run: runOf({ ok: false, code: "run_not_cancelable" }, done) });
    expect(result.ok ? null : result.error.message).toBe(
      "This run already ended (completed); a final run cannot be canceled",
    );
  });

  it("answers 404 for a run deleted meanwhile, and the table's text when it is gone after a refusal", async () => {
    const gone = await cancelRun({ run: runOf({ ok: false, code: "run_not_found" }, null) });
    expect(gone.ok ? null : gone.error).toEqual({ code: "run_not_found" });
    const refusedThenGone = await cancelRun({
      run: runOf({ ok: false, code: "run_not_cancelable" }, null),
    });
    expect(refusedThenGone.ok ? null : refusedThenGone.error).toEqual({
      code: "run_not_cancelable",
    });
  });
});
