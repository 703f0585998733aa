import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { AgentCall } from "../../src/runs/agent-call.js";
import { OneAtATime } from "../../src/runs/one-at-a-time.js";
import { endRun } from "../../src/runs/run-end.js";
import { RUN_SETTLE_RETRY_MS, RUN_WATCH_MS } from "../../src/runs/run-limits.js";
import type { RunParts } from "../../src/runs/run-parts.js";
import { submittedRecord } from "../../src/runs/run-record.js";
import { RunStore } from "../../src/runs/run-store.js";
import { runStub } from "../../src/runs/run-stub.js";
import { freeSpec } from "../support/free-run-spec.js";

// A run's end is written before its effects (the claims object, the outcome queue) are told, and
// a restart may cut them: an alarm must then be due within RUN_SETTLE_RETRY_MS to tell them again
// (docs/gateway.md, "The run object"). The effects are held here, as if still under way, to read
// the alarm at that moment.

/** Ends a run whose alarm is `alarmAt` while its effects are held; the alarm then, and when. */
async function alarmWhileEffectsHeld(alarmAt: (now: number) => number | null) {
  const transactionId = newTransactionId();
  return runInDurableObject(runStub(env, transactionId), async (_instance, state) => {
    const runs = new RunStore(state.storage.sql);
    const call = new AgentCall({ env, runs });
    const parts: RunParts = { env, storage: state.storage, runs, call, settling: new OneAtATime() };
    const now = Date.now();
    runs.insert(freeSpec(transactionId), submittedRecord(freeSpec(transactionId), now));
    const due = alarmAt(now);
    if (due !== null) await state.storage.setAlarm(due);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    void parts.settling.run(() => held);
    const ending = endRun(parts, { kind: "canceled" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const alarm = await state.storage.getAlarm();
    expect(runs.record()?.status).toBe("canceled");
    release();
    await ending;
    return { now, due, alarm };
  });
}

describe("the alarm of an ended run whose effects are not told yet", () => {
  it("is the call's watch alarm when that one is due first: not moved", async () => {
    const { due, alarm } = await alarmWhileEffectsHeld((now) => now + RUN_WATCH_MS);
    expect(alarm).toBe(due);
  });

  it("is set within RUN_SETTLE_RETRY_MS when there is none", async () => {
    const { now, alarm } = await alarmWhileEffectsHeld(() => null);
    expect(alarm).not.toBeNull();
    expect(alarm).toBeGreaterThan(now);
    expect(alarm).toBeLessThanOrEqual(Date.now() + RUN_SETTLE_RETRY_MS);
  });

  it("is brought forward to within RUN_SETTLE_RETRY_MS when the one set is later", async () => {
    const { now, alarm } = await alarmWhileEffectsHeld((at) => at + 10 * RUN_SETTLE_RETRY_MS);
    expect(alarm).toBeGreaterThan(now);
    expect(alarm).toBeLessThanOrEqual(Date.now() + RUN_SETTLE_RETRY_MS);
  });
});
