import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { runEndOf } from "../../src/runs/run-answer.js";
import { finalRecord, submittedRecord } from "../../src/runs/run-record.js";
import { RunStore } from "../../src/runs/run-store.js";
import { runStub } from "../../src/runs/run-stub.js";
import type { EndedRun } from "../../src/runs/run-types.js";
import { freeSpec } from "../support/free-run-spec.js";

// A run object keeps a run that ended in its request (A2A's blocking SendMessage; docs/gateway.md,
// "Which runs have a run object"): into an empty object only, never over a run it holds.

function endedRun(transactionId: string, tokenHash: string): EndedRun {
  const spec = { ...freeSpec(transactionId, "keep-ended"), tokenHash };
  const now = Date.now();
  const end = runEndOf({
    outcome: { kind: "completed", result: { kept: true } },
    transactionId,
    processId: spec.processId,
  });
  const record = finalRecord({ record: submittedRecord(spec, now), end, now });
  return { spec, record, answer: end.answer };
}

describe("RunObject.keepEnded", () => {
  it("keeps the ended run, its answer and closing events, deleted at its keep time", async () => {
    const transactionId = newTransactionId();
    const ended = endedRun(transactionId, "a".repeat(64));
    const run = runStub(env, transactionId);
    await run.keepEnded(ended);
    expect(await run.read()).toEqual(ended.record);
    expect(await run.answer()).toEqual(ended.answer);
    await runInDurableObject(run, async (_instance, state) => {
      const runs = new RunStore(state.storage.sql);
      expect(runs.row()?.effects_done).toBe(1);
      expect(runs.eventsAfter(0, 10)?.map((event) => event.type)).toEqual(["status", "result"]);
      expect(await state.storage.getAlarm()).toBe(ended.record.expiresAt);
    });
  });

  it("leaves a run the object already holds as it is: its token and its state", async () => {
    const transactionId = newTransactionId();
    const run = runStub(env, transactionId);
    const held = await runInDurableObject(run, async (_instance, state) => {
      const spec = { ...freeSpec(transactionId, "keep-ended"), tokenHash: "b".repeat(64) };
      const record = submittedRecord(spec, Date.now());
      new RunStore(state.storage.sql).insert(spec, record);
      return record;
    });
    await run.keepEnded(endedRun(transactionId, "c".repeat(64)));
    expect(await run.read()).toEqual(held);
    expect(await run.answer()).toBeNull();
  });
});
