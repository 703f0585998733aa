import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AGENT_SIGNATURE_MAX_SKEW_SECONDS } from "#shared/auth/agent-signature";
import {
  type AgentDurableObject,
  RETENTION_INTERVAL_MS,
  TAKEN_KEEP_MS,
} from "../src/durable/agent-durable-object.js";
import { newTransactionId } from "./helpers.js";

const HOUR = 3_600_000;

/** Records a finished transaction created at `createdAt`, as a run would. */
type AgentStub = DurableObjectStub<AgentDurableObject>;

async function record(stub: AgentStub, createdAt: number) {
  const transactionId = newTransactionId("kept");
  await stub.begin({ transactionId, requestHash: "h", now: createdAt, waitMs: 1_000 });
  await stub.finish({
    transactionId,
    requestHash: "h",
    status: "completed",
    resultJson: "{}",
    error: null,
    executionTime: 1,
    logs: ["a line", "another"],
    now: createdAt,
  });
  return transactionId;
}

const exists = async (stub: AgentStub, transactionId: string) =>
  (await stub.transactionLogs({ transactionId })) !== null;

const logLineCount = (stub: AgentStub) =>
  runInDurableObject(
    stub,
    (_, state) =>
      state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM agent_log_lines").one().n,
  );

describe("retention by the Durable Object's alarm", () => {
  it("schedules a retention alarm when a transaction finishes", async () => {
    const stub = env.AGENT_DO.getByName("retention-schedule");
    const before = Date.now();
    await record(stub, before);
    const alarm = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm ?? 0).toBeGreaterThanOrEqual(before + RETENTION_INTERVAL_MS - 1_000);
  });

  it("deletes transactions older than AGENT_LOG_MAX_AGE_SECONDS, with their lines", async () => {
    // The test config keeps transactions for an hour.
    const stub = env.AGENT_DO.getByName("retention-age");
    const old = await record(stub, Date.now() - 2 * HOUR);
    const recent = await record(stub, Date.now() - HOUR / 2);
    expect(await exists(stub, old)).toBe(true);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await exists(stub, old)).toBe(false);
    expect(await exists(stub, recent)).toBe(true);
    expect(await logLineCount(stub)).toBe(2);
  });

  it("keeps only the newest AGENT_LOG_MAX_TRANSACTIONS finished transactions", async () => {
    // The test config keeps 5.
    const stub = env.AGENT_DO.getByName("retention-count");
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await record(stub, Date.now() - (8 - i) * 1_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const kept = await Promise.all(ids.map((id) => exists(stub, id)));
    expect(kept).toEqual([false, false, false, true, true, true, true, true]);
    expect(await logLineCount(stub)).toBe(10);
  });

  it("reschedules itself while anything is stored", async () => {
    const stub = env.AGENT_DO.getByName("retention-reschedule");
    await record(stub, Date.now());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const next = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(next).not.toBeNull();
  });

  it("stops scheduling once nothing is left to retain", async () => {
    const stub = env.AGENT_DO.getByName("retention-empty");
    await record(stub, Date.now() - 3 * HOUR);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBeNull();
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });

  it("forgets a taken transactionId only once any signed request for it has expired", async () => {
    expect(TAKEN_KEEP_MS).toBeGreaterThan(2 * AGENT_SIGNATURE_MAX_SKEW_SECONDS * 1000);
    const stub = env.AGENT_DO.getByName("retention-taken");
    const old = newTransactionId("taken-old");
    const recent = newTransactionId("taken-recent");
    expect(
      await stub.takeOnce({ transactionId: old, now: Date.now() - TAKEN_KEEP_MS - 1_000 }),
    ).toBe(true);
    expect(await stub.takeOnce({ transactionId: recent, now: Date.now() - 60_000 })).toBe(true);
    expect(await stub.takeOnce({ transactionId: recent, now: Date.now() })).toBe(false);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.wasTaken({ transactionId: old })).toBe(false);
    expect(await stub.wasTaken({ transactionId: recent })).toBe(true);
  });
});
