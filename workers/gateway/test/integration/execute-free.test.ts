import { beforeAll, describe, expect, it, vi } from "vitest";
import { UUID_V7 } from "../../src/execute/transaction-id.js";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";

type ExecuteAnswer = {
  success: boolean;
  transactionId: string;
  processId: string;
  status: string;
  result?: { echo: Record<string, unknown>; transactionId: string; runId: string };
  error?: string;
  timestamp: string;
};

describe("execute, free process", () => {
  let processId: string;
  let user: string;

  beforeAll(async () => {
    processId = await testProcess("free");
    user = address(await fundedAccount(1n));
  });

  it("runs the agent over its service binding and answers SPEC's 200 body", async () => {
    const res = await execute({ processId, body: { userAddress: user, data: { hello: "world" } } });
    expect(res.status).toBe(200);
    const body = await res.json<ExecuteAnswer>();
    expect(body).toMatchObject({ success: true, processId, status: "completed" });
    expect(body.transactionId).toMatch(UUID_V7);
    expect(body.result?.echo).toEqual({ hello: "world" });
    // The agent saw the gateway's transaction id: the request went through, signed (the agent
    // has a secret configured and refuses unsigned requests).
    expect(body.result?.transactionId).toBe(body.transactionId);
  });

  it("needs no caller proof and no payment", async () => {
    const res = await execute({ processId, body: { userAddress: user }, signer: null });
    expect(res.status).toBe(200);
  });

  it("turns the agent's failure into SPEC's 400 failed body", async () => {
    const res = await execute({ processId, body: { userAddress: user, data: { fail: "boom" } } });
    expect(res.status).toBe(400);
    const body = await res.json<ExecuteAnswer>();
    expect(body).toMatchObject({ success: false, processId, status: "failed" });
    expect(body.error).toContain("boom");
    expect(body.transactionId).toMatch(UUID_V7);
  });

  it("ends an agent that outlives the time limit as failed", async () => {
    const res = await execute({ processId, body: { userAddress: user, data: { delayMs: 5_000 } } });
    expect(res.status).toBe(400);
    const body = await res.json<ExecuteAnswer>();
    expect(body).toMatchObject({ success: false, status: "failed" });
    expect(body.error).toContain("did not answer within 2000 ms");
  });

  it("answers 404 Process not found for an unknown process, naming it", async () => {
    const unknown = uniqueId("missing");
    const res = await execute({ processId: unknown, body: { userAddress: user } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      error: "Process not found",
      processId: unknown,
    });
  });

  it("refuses an inactive or maintenance process with a clear 400", async () => {
    const owner = await fundedAccount();
    for (const status of ["inactive", "maintenance"] as const) {
      const id = await registerProcess({ owner, status });
      const res = await execute({ processId: id, body: { userAddress: user } });
      expect(res.status).toBe(400);
      const body = await res.json<{ success: boolean; error: string; processId: string }>();
      expect(body.success).toBe(false);
      expect(body.processId).toBe(id);
      expect(body.error).toMatch(status === "inactive" ? /inactive/ : /maintenance/);
    }
  });

  it("refuses a process whose service binding this gateway lacks, and http agents by default", async () => {
    const owner = await fundedAccount();
    for (const serviceUrl of ["service://NO_SUCH_AGENT", "http://127.0.0.1:9/agent"]) {
      const id = await registerProcess({ owner, serviceUrl });
      const res = await execute({ processId: id, body: { userAddress: user } });
      // The owner's service URL, not the gateway, stops the run: SPEC's failed run.
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject(
        failedRun({
          processId: id,
          code: "agent_unavailable",
          details: { reason: expect.any(String) },
        }),
      );
    }
  });

  it("returns the agent's logs for a transaction through /api/logs", async () => {
    const res = await execute({
      processId,
      body: { userAddress: user, data: { log: ["first line", "second line"] } },
    });
    const { transactionId } = await res.json<ExecuteAnswer>();
    type Logs = { success: boolean; transactionId: string; logs: string[] };
    // The agent may store a run's log lines just after answering it.
    const body = await vi.waitFor(
      async () => {
        const logs = await SELF.fetch(`${GATEWAY}/api/logs/${processId}/${transactionId}`);
        expect(logs.status).toBe(200);
        const answer = await logs.json<Logs>();
        expect(answer.logs.length).toBeGreaterThan(0);
        return answer;
      },
      { timeout: 2_000, interval: 50 },
    );
    expect(body.success).toBe(true);
    expect(body.transactionId).toBe(transactionId);
    expect(body.logs.join("\n")).toContain("second line");
    const missing = await SELF.fetch(`${GATEWAY}/api/logs/${processId}/no-such-transaction`);
    expect(missing.status).toBe(404);
  });

  it("replays an idempotent free execute without running it again", async () => {
    const caller = await fundedAccount();
    const body = { userAddress: address(caller), data: { n: 1 } };
    const headers = { "idempotency-key": uniqueId("key") };
    // Each retry carries a fresh proof (a proof is taken once): here, another timestamp.
    const now = Math.floor(Date.now() / 1000);
    const first = await execute({ processId, body, headers, signer: caller, timestamp: now });
    const second = await execute({ processId, body, headers, signer: caller, timestamp: now - 1 });
    const a = await first.json<ExecuteAnswer>();
    const b = await second.json<ExecuteAnswer>();
    expect(second.status).toBe(first.status);
    expect(b.result?.runId).toBe(a.result?.runId);
    const other = await execute({
      processId,
      body: { ...body, data: { n: 2 } },
      headers,
      signer: caller,
    });
    expect(other.status).toBe(409);
  });

  it("takes an Idempotency-Key only with a caller proof, so nobody can squat another user's keys", async () => {
    const victim = await fundedAccount();
    const key = uniqueId("key");
    const headers = { "idempotency-key": key };
    // A stranger with a script, no proof: refused, and nothing is recorded under the key.
    const squat = await execute({
      processId,
      body: { userAddress: address(victim), data: { junk: "x".repeat(1000) } },
      headers,
    });
    expect(squat.status).toBe(401);
    expect(await squat.json()).toMatchObject({ details: { reason: "missing_proof" } });
    // Another account's proof is no better.
    const mallory = await fundedAccount();
    const forged = await execute({
      processId,
      body: { userAddress: address(victim), data: { junk: 1 } },
      headers,
      signer: mallory,
    });
    expect(forged.status).toBe(401);
    // The victim's own request with that key runs (not 409).
    const own = await execute({
      processId,
      body: { userAddress: address(victim), data: { mine: true } },
      headers,
      signer: victim,
    });
    expect(own.status).toBe(200);
  });
});
