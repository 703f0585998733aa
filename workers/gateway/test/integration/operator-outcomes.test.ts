import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../../../shared/src/auth/agent-signature.js";
import { OUTCOME } from "../../../../shared/src/contract/status.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  pay,
  testProcess,
} from "../support/ledger-fixtures.js";

async function outcomeOf(args: { processId: string; taskId: string; payer: string }) {
  // The report is sent after the answer, from the reporter's alarm: poll for it.
  for (let i = 0; i < 100; i++) {
    const record = await ledger.getPaymentRecord(args);
    if (record !== null && record.outcome !== OUTCOME.NONE) return record;
    await new Promise((r) => setTimeout(r, 100));
  }
  return ledger.getPaymentRecord(args);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

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
    const record = await outcomeOf({ processId, taskId, payer: address(user) });
    expect(record?.outcome).toBe(OUTCOME.DELIVERED);
    expect(hex(record?.resultHash ?? new Uint8Array())).toBe(
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
    const record = await outcomeOf({ processId, taskId, payer: address(user) });
    expect(record?.outcome).toBe(OUTCOME.FAILED);
    await ledger.requestRefund(user, { processId, taskId });
    expect(
      (await ledger.getPaymentRecord({ processId, taskId, payer: address(user) }))?.status,
    ).toBe(2);
    // A reported payment is no longer usable for an execution.
    const verify = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(user)}`);
    expect(await verify.json()).toMatchObject({ verified: false });
  });

  it("reports nothing for a process that does not list the operator among its agents", async () => {
    const paidProcess = await testProcess("paid");
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId: paidProcess });
    const res = await execute({
      processId: paidProcess,
      body: { userAddress: address(user) },
      signer: user,
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_000));
    const record = await ledger.getPaymentRecord({
      processId: paidProcess,
      taskId,
      payer: address(user),
    });
    expect(record?.outcome).toBe(OUTCOME.NONE);
  });

  it("drops a report the ledger refuses for good instead of retrying it forever", async () => {
    const reporter = env.OUTCOME_REPORTER.getByName(`test-${crypto.randomUUID()}`);
    await reporter.enqueue({
      processId,
      taskId: "no-such-payment",
      payer: address(operator),
      delivered: true,
      resultHash: "",
    });
    // The alarm may already be running on its own (then runDurableObjectAlarm returns at once,
    // while that run still waits on the ledger): poll until the queue settles. A report kept for
    // a retry would stay queued, and the last read below would show it.
    await runDurableObjectAlarm(reporter);
    for (let i = 0; i < 100 && (await reporter.pending()).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await reporter.pending()).toEqual([]);
  });
});
