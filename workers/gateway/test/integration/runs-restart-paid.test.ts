import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { operatorAccountStub, outcomeQueueStub } from "../../src/durable/stubs.js";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { insertRun, markAsked } from "../../src/runs/run-sql.js";
import { runLinks } from "../../src/runs/run-status.js";
import { runStub } from "../../src/runs/run-stub.js";
import type { RunRecord, RunSpec } from "../../src/runs/run-types.js";
import { hostileServiceUrl } from "../support/hostile-counts.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  pay,
  processOwner,
  registerProcess,
  testProcess,
} from "../support/ledger-fixtures.js";
import { waitForOutcome } from "../support/operated-process.js";

// A paid run whose object restarted mid-call and came back past the time limit (docs/gateway.md,
// "The run object"): it ends failed once, and its outcome is reported once, FAILED: the payer
// refunds. The admission (a claim here and on the ledger, and the reservation) is done by hand,
// so the only run of this payment is the restarted one.

describe("a paid run restarted past its time limit", () => {
  it("ends failed, is reported FAILED once, and the payer refunds", async () => {
    await testProcess("paid");
    const payer = await fundedAccount();
    const { serviceUrl } = hostileServiceUrl("hang", "execute");
    const processId = await registerProcess({
      owner: processOwner,
      serviceUrl,
      paid: true,
      agents: [address(operator)],
    });
    const taskId = await pay({ payer, processId });
    const key = { processId, taskId, payer: address(payer) };
    expect(await operatorAccountStub(env).claimRun(key)).toMatchObject({ kind: "claimed" });
    // The reservation would report FAILED by itself only long after this test.
    await outcomeQueueStub(env, processId).reserve({ ...key, failAtMs: Date.now() + 600_000 });

    const transactionId = newTransactionId();
    const now = Date.now();
    const spec: RunSpec = {
      transactionId,
      processId,
      payer: address(payer),
      taskId,
      ownerAddress: address(processOwner),
      serviceUrl,
      agentRequest: { transactionId, processId, userAddress: address(payer), data: {}, taskId },
      tokenHash: "0".repeat(64),
      timeoutMs: 2_000,
      idempotency: null,
      links: runLinks(GATEWAY, transactionId),
    };
    const record: RunRecord = {
      transactionId,
      processId,
      payer: address(payer),
      taskId,
      tokenHash: spec.tokenHash,
      status: "working",
      progress: null,
      outcome: null,
      createdAt: now - 5_000,
      startedAt: now - 5_000,
      endedAt: null,
      expiresAt: now + 86_400_000,
      links: spec.links,
    };
    const run = runStub(env, transactionId);
    await runInDurableObject(run, async (_instance, state) => {
      insertRun(state.storage.sql, { spec: JSON.stringify(spec), record: JSON.stringify(record) });
      markAsked(state.storage.sql, { askedAt: now - 5_000, deadlineAt: now - 3_000 });
      await state.storage.setAlarm(now + 60_000);
    });

    await runDurableObjectAlarm(run);
    expect(await run.awaitEnd()).toMatchObject({
      status: "failed",
      outcome: { delivered: false, reported: true },
    });
    // The alarm again (a second restart): nothing more is queued.
    await runDurableObjectAlarm(run);
    const ledgerRecord = await waitForOutcome(key);
    expect(ledgerRecord.outcome).toBe(OUTCOME.FAILED);
    const queue = await outcomeQueueStub(env, processId).list();
    expect(queue.filter((r) => r.taskId === taskId)).toEqual([]);
    await ledger.requestRefund(payer, { processId, taskId });
    expect((await ledger.getPaymentRecord(key))?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });
});
