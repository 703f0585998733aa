import { env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "#shared/auth/agent-signature";
import { bytesToHex } from "#shared/auth/bytes";
import { OUTCOME } from "#shared/contract/status";
import { outcomeReportsResponseSchema } from "#shared/schemas/gateway";
import { SELF } from "../support/checked-self.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  PRICE,
  pay,
  testProcess,
} from "../support/ledger-fixtures.js";
import { operatedProcess, waitForOutcome } from "../support/operated-process.js";

describe("outcome reports by the gateway's operator account", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("operated");
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("reports delivered with the SHA-256 of the result after a successful execute", async () => {
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId });
    const res = await execute({
      processId,
      body: { userAddress: address(user), data: { x: 1 } },
      signer: user,
    });
    expect(res.status).toBe(200);
    const { result } = await res.json<{ result: Record<string, unknown> }>();
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record?.outcome).toBe(OUTCOME.DELIVERED);
    expect(bytesToHex(record?.resultHash ?? new Uint8Array())).toBe(
      await sha256Hex(JSON.stringify(result)),
    );
  });

  it("reports failed when the agent fails, so the payer can take a refund", async () => {
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId });
    const res = await execute({
      processId,
      body: { userAddress: address(user), data: { fail: "broken" } },
      signer: user,
    });
    expect(res.status).toBe(400);
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record?.outcome).toBe(OUTCOME.FAILED);
    await ledger.requestRefund(user, { processId, taskId });
    expect(
      (await ledger.getPaymentRecord({ processId, taskId, payer: address(user) }))?.status,
    ).toBe(2);
    // A reported payment is no longer usable for an execution.
    const verify = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(user)}`);
    expect(await verify.json()).toMatchObject({ verified: false });
  });

  it("keeps a report the ledger refuses for good, marked refused with the reason", async () => {
    const queueName = `test-${crypto.randomUUID()}`;
    const queue = env.OUTCOME_REPORTER.getByName(queueName);
    await queue.complete({
      processId,
      taskId: "no-such-payment",
      payer: address(operator),
      delivered: true,
      resultHash: "",
    });
    // The alarm may already be running on its own (then runDurableObjectAlarm returns at once,
    // while that run still waits on the ledger): wait until the report leaves the queued state.
    await runDurableObjectAlarm(queue);
    await vi.waitFor(
      async () => {
        const [report] = await queue.list();
        expect(report).toMatchObject({ taskId: "no-such-payment", state: "refused" });
        expect(report?.lastError).toMatch(/payment/i);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it("sends a reserved report as failed when its run never finished (the gateway died)", async () => {
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId });
    const queue = env.OUTCOME_REPORTER.getByName(processId);
    // A reservation whose run never called complete: due now, as if its deadline passed.
    await queue.reserve({ processId, taskId, payer: address(user), failAtMs: Date.now() });
    await runDurableObjectAlarm(queue);
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record?.outcome).toBe(OUTCOME.FAILED);
    // Its run claim had not committed: the reporter claimed the run first, then reported it.
    expect(await ledger.runClaimedBy({ processId, taskId, payer: address(user) })).toBe(
      address(operator),
    );
    await ledger.requestRefund(user, { processId, taskId });
  });

  it("moves a still-reserved report's due time when reserved again (the run claim committed late)", async () => {
    const key = { processId, taskId: "claimed-late", payer: address(operator) };
    const queue = env.OUTCOME_REPORTER.getByName(processId);
    // Due shortly, not at once: an alarm at once could fire before the second reservation does.
    await queue.reserve({ ...key, failAtMs: Date.now() + 200 });
    const later = Date.now() + 3_600_000;
    await queue.reserve({ ...key, failAtMs: later });
    await new Promise((r) => setTimeout(r, 300));
    // The first due time passed: no FAILED report may go for a run the gateway is still running.
    await runDurableObjectAlarm(queue);
    expect(await queue.list()).toContainEqual(
      expect.objectContaining({
        taskId: "claimed-late",
        state: "reserved",
        attempts: 0,
        nextAttemptAt: new Date(later).toISOString(),
      }),
    );
    await queue.withdraw(key);
  });

  it("drops a reservation for a run another operator claimed on the ledger, reporting nothing", async () => {
    // A gateway that died between its reservation and its refused run claim (docs/gateway.md,
    // "One payment, one attempt"): the other gateway runs and reports that payment.
    const other = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId: other.processId });
    const key = { processId: other.processId, taskId, payer: address(user) };
    await ledger.claimRun({ signer: other.providerAgent, ...key });
    const queue = env.OUTCOME_REPORTER.getByName(other.processId);
    await queue.reserve({ ...key, failAtMs: Date.now() });
    await runDurableObjectAlarm(queue);
    await vi.waitFor(async () => expect(await queue.list()).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await ledger.getPaymentRecord(key))?.outcome).toBe(OUTCOME.NONE);
    expect(await ledger.runClaimedBy(key)).toBe(address(other.providerAgent));
  });

  it("shows the operator and the process's unsent reports at GET /api/reports/:processId", async () => {
    const queue = env.OUTCOME_REPORTER.getByName(processId);
    await queue.reserve({
      processId,
      taskId: "shown",
      payer: address(operator),
      failAtMs: Date.now() + 3_600_000,
    });
    const res = await SELF.fetch(`${GATEWAY}/api/reports/${processId}`);
    expect(res.status).toBe(200);
    const body = outcomeReportsResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ processId, operator: address(operator) });
    expect(body.reports).toContainEqual(
      expect.objectContaining({ taskId: "shown", state: "reserved", delivered: false }),
    );
  });
});
