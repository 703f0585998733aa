import { env, SELF as RAW_SELF, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { OUTCOME } from "#shared/contract/status";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { appendEvent } from "../../src/runs/run-events.js";
import { insertRun, markAsked } from "../../src/runs/run-sql.js";
import { runStub } from "../../src/runs/run-stub.js";
import type { RunRecord } from "../../src/runs/run-types.js";
import { hostileLastTransaction, hostileServiceUrl } from "../support/hostile-counts.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  operator,
  pay,
  processOwner,
  proofHeaders,
  registerProcess,
  testProcess,
} from "../support/ledger-fixtures.js";
import { waitForOutcome } from "../support/operated-process.js";
import { readRunEvents } from "../support/run-events.js";

// Runs outlive their client and their object's memory (docs/gateway.md, "The run object"): a
// client that leaves, a restart mid-call (storage says working, the call is gone), the keep time.

type Stub = ReturnType<typeof runStub>;

async function startAsync(processId: string, user: string, data: Record<string, unknown>) {
  const res = await execute({
    processId,
    body: { userAddress: user, data },
    headers: { prefer: "respond-async" },
  });
  expect(res.status).toBe(202);
  return runAcceptedResponseSchema.parse(await res.json()).transactionId;
}

/**
 * What storage holds when the object restarted mid-call: the run working, the agent asked at
 * `askedAt` with its limit at `deadlineAt`, no answer, only the first two events.
 */
async function asIfRestartedMidCall(run: Stub, args: { askedAt: number; deadlineAt: number }) {
  await runInDurableObject(run, async (_instance, state) => {
    const sql = state.storage.sql;
    const { record } = sql.exec<{ record: string }>("SELECT record FROM run").one();
    const { result: _r, error: _e, code: _c, ...rest } = JSON.parse(record) as RunRecord;
    const working: RunRecord = { ...rest, status: "working", endedAt: null, outcome: null };
    sql.exec(
      "UPDATE run SET record = ?, answer = NULL, effects_done = 0, asked_at = ?, deadline_at = ?",
      JSON.stringify(working),
      args.askedAt,
      args.deadlineAt,
    );
    sql.exec("DELETE FROM events WHERE seq > 2");
    await state.storage.setAlarm(Date.now() + 60_000);
  });
}

/**
 * A second object holding the same run as `from`, as `from` stores it while the agent works on
 * it: what a restarted object finds (no call in flight), while the agent still runs the run.
 */
async function restartedCopyOf(from: Stub, transactionId: string): Promise<Stub> {
  const stored = await runInDurableObject(from, (_instance, state) =>
    state.storage.sql.exec<{ spec: string; record: string }>("SELECT spec, record FROM run").one(),
  );
  const copy = runStub(env, `restarted-${transactionId}`);
  const now = Date.now();
  await runInDurableObject(copy, async (_instance, state) => {
    const sql = state.storage.sql;
    insertRun(sql, { spec: stored.spec, record: stored.record });
    markAsked(sql, { askedAt: now, deadlineAt: now + 2_000 });
    appendEvent(sql, { type: "status", status: "submitted" });
    appendEvent(sql, { type: "status", status: "working" });
    await state.storage.setAlarm(now + 60_000);
  });
  return copy;
}

describe("a durable run", () => {
  let free: string;
  let user: string;

  beforeAll(async () => {
    free = await testProcess("free");
    user = address(await fundedAccount(1n));
  });

  it("after a restart mid-call, asks the agent again and takes its replayed answer", async () => {
    const transactionId = await startAsync(free, user, { replay: true });
    const run = runStub(env, transactionId);
    const first = await run.awaitEnd();
    expect(first.status).toBe("completed");
    await asIfRestartedMidCall(run, { askedAt: Date.now(), deadlineAt: Date.now() + 2_000 });
    expect((await run.read())?.status).toBe("working");
    await runDurableObjectAlarm(run);
    const again = await run.awaitEnd();
    // The agent replayed the stored answer: the same run, not a second one.
    expect(again).toMatchObject({ status: "completed", result: first.result });
    const { events } = await readRunEvents(await run.fetch("https://run/events"));
    expect(events.filter((e) => e.type === "result")).toHaveLength(1);
  });

  it("after a restart while the agent still runs it, takes that run's answer, not a second run", async () => {
    const transactionId = await startAsync(free, user, { delayMs: 1_000 });
    const original = runStub(env, transactionId);
    await vi.waitFor(async () => expect((await original.read())?.status).toBe("working"));
    const copy = await restartedCopyOf(original, transactionId);
    await runDurableObjectAlarm(copy);
    const done = await original.awaitEnd();
    expect(await copy.awaitEnd()).toMatchObject({ status: "completed", result: done.result });
  });

  it("after a restart, keeps asking while the agent answers conflict, then fails at the limit", async () => {
    const { serviceUrl } = hostileServiceUrl("conflict", "execute");
    const processId = await registerProcess({ owner: processOwner, serviceUrl });
    // A first call answered 409 is a failed run, as ever.
    const transactionId = await startAsync(processId, user, {});
    const run = runStub(env, transactionId);
    expect(await run.awaitEnd()).toMatchObject({ status: "failed" });
    const askedAt = Date.now();
    await asIfRestartedMidCall(run, { askedAt, deadlineAt: askedAt + 1_000 });
    await runDurableObjectAlarm(run);
    expect((await run.read())?.status).toBe("working");
    await new Promise((r) => setTimeout(r, 1_100));
    await runDurableObjectAlarm(run);
    const ended = await run.awaitEnd();
    expect(ended).toMatchObject({ status: "failed", code: "agent_failed" });
    expect(ended.error).toContain("did not answer within 2000 ms");
  });

  it("after a restart past the time limit, asks once more: a run the agent finished ends as it did, once", async () => {
    const transactionId = await startAsync(free, user, {});
    const run = runStub(env, transactionId);
    const first = await run.awaitEnd();
    await asIfRestartedMidCall(run, {
      askedAt: Date.now() - 3_000,
      deadlineAt: Date.now() - 1,
    });
    await runDurableObjectAlarm(run);
    const ended = await run.awaitEnd();
    // The agent replays the answer it stored: completed, not failed for lack of asking.
    expect(ended).toMatchObject({ status: "completed", result: first.result });
    await runDurableObjectAlarm(run);
    expect((await run.read())?.status).toBe("completed");
    const { events } = await readRunEvents(await run.fetch("https://run/events"));
    expect(events.filter((e) => e.type === "result")).toHaveLength(1);
  });

  it("is deleted once its keep time passed: read null, no answer, no events", async () => {
    const transactionId = await startAsync(free, user, {});
    const run = runStub(env, transactionId);
    const ended = await run.awaitEnd();
    expect(ended.expiresAt - (ended.endedAt ?? 0)).toBe(24 * 60 * 60 * 1000);
    // Not yet: the alarm keeps it.
    await runDurableObjectAlarm(run);
    expect(await run.read()).not.toBeNull();
    await runInDurableObject(run, async (_instance, state) => {
      const sql = state.storage.sql;
      const { record } = sql.exec<{ record: string }>("SELECT record FROM run").one();
      const expired = { ...(JSON.parse(record) as RunRecord), expiresAt: Date.now() - 1 };
      sql.exec("UPDATE run SET record = ?", JSON.stringify(expired));
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(run);
    expect(await run.read()).toBeNull();
    expect(await run.answer()).toBeNull();
    expect((await run.fetch("https://run/events")).status).toBe(404);
  });
});

describe("a paid run whose client leaves", () => {
  it("goes on to its end, is reported, and its result is read later from its object", async () => {
    await testProcess("paid");
    const payer = await fundedAccount();
    const { serviceUrl, base } = hostileServiceUrl("stream-slow", "execute");
    const processId = await registerProcess({
      owner: processOwner,
      serviceUrl,
      paid: true,
      agents: [address(operator)],
    });
    const taskId = await pay({ payer, processId });
    const path = `/api/execute/${processId}`;
    const text = JSON.stringify({ userAddress: address(payer), data: {} });
    const proof = await proofHeaders({ signer: payer, path, text });
    // The blocking execute, and a client that disconnects half way through the run.
    await expect(
      RAW_SELF.fetch(`${GATEWAY}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...proof },
        body: text,
        signal: AbortSignal.timeout(500),
      }),
    ).rejects.toThrow();
    const transactionId = await vi.waitFor(async () => {
      const id = await hostileLastTransaction(base);
      if (id === null) throw new Error("the agent was not called yet");
      return id;
    });
    const run = runStub(env, transactionId);
    expect(await run.awaitEnd()).toMatchObject({
      status: "completed",
      result: { streamed: true },
      outcome: { delivered: true, reported: true },
    });
    expect(await run.answer()).toMatchObject({ status: 200, body: { transactionId } });
    const record = await waitForOutcome({ processId, taskId, payer: address(payer) });
    expect(record.outcome).toBe(OUTCOME.DELIVERED);
  });
});
