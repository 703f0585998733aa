/**
 * Issue 12's holes 1, 5 and 8 as attacks on the gateway (workerd, the devnode, the counting
 * agent): each test reproduces what the outside review did and states what must hold instead.
 * Rules: docs/architecture.md ("Paths a request takes": a claim is final) and
 * docs/ledger-contract.md (request_refund needs a failed outcome).
 *
 * The processes are owned by the gateway's operator account and list it among their agents, so
 * the gateway reports their outcomes under any owner allow-list (issue 12's OPERATOR_OWNERS
 * default serves only the operator's own processes).
 */
import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { SELF } from "../support/checked-self.js";
import { gasFee } from "../support/gas-fee.js";
import {
  address,
  advanceLedgerClock,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  PRICE,
  registerProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess, setPrice, waitForOutcome } from "../support/operated-process.js";
import { agentRunsOf, COUNTING_SERVICE_URL } from "../support/run-counts.js";

type Answer = { success: boolean; status?: string; error?: string; transactionId?: string };

async function gatewayVerified(processId: string, user: Ed25519Account): Promise<boolean> {
  const res = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(user)}`);
  expect(res.status).toBe(200);
  return (await res.json<{ verified: boolean }>()).verified;
}

/** Both answers to "is it paid?" (hole 8): the gateway's route and the shared client's. */
async function verifyAnswers(processId: string, user: Ed25519Account) {
  return {
    gateway: await gatewayVerified(processId, user),
    client: await ledger.verifyPayment(address(user), processId),
  };
}

/**
 * The Payment required answer (docs/gateway.md, "Execute"): 400 today; an x402 path may use 402.
 */
function expectPaymentRequired(status: number, body: Answer): void {
  expect([400, 402]).toContain(status);
  expect(body).toMatchObject({ success: false, error: "Payment required" });
}

async function run(args: {
  processId: string;
  user: Ed25519Account;
  taskId?: string;
  data?: Record<string, unknown>;
}): Promise<{ status: number; body: Answer }> {
  const res = await execute({
    processId: args.processId,
    body: {
      userAddress: address(args.user),
      ...(args.taskId === undefined ? {} : { taskId: args.taskId }),
      // A nonce makes every body, so every caller proof, distinct.
      data: { ...args.data, nonce: crypto.randomUUID() },
    },
    signer: args.user,
  });
  return { status: res.status, body: await res.json<Answer>() };
}

beforeAll(async () => {
  await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
});

describe("hole 1: fail, then retry before the FAILED report lands", () => {
  it("the retry gets Payment required and runs nothing; FAILED commits; the refund works", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });

    const failed = await run({ processId, user, taskId, data: { fail: "agent broke" } });
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ status: "failed" });
    // The retries go out the moment the failure is answered, overlapping, inside the window in
    // which today's gateway has released the claim but not yet reported FAILED.
    const retries = await Promise.all(
      Array.from({ length: 3 }, () => run({ processId, user, taskId })),
    );

    // The agent ran once on this payment: the failed attempt. A claim is final (issue 12).
    expect(await agentRunsOf({ processId, taskId }), "runs on the agent").toEqual([
      failed.body.transactionId,
    ]);
    for (const retry of retries) expectPaymentRequired(retry.status, retry.body);

    // The failed attempt's report commits (not the retry's DELIVERED, not nothing)...
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record.outcome).toBe(OUTCOME.FAILED);
    // ...and the payer takes the whole amount back, paying only the refund's gas.
    const before = await ledger.balance(address(user));
    const hash = await ledger.requestRefund(user, { processId, taskId });
    const gas = await gasFee(hash);
    expect(await ledger.balance(address(user))).toBe(before + PRICE - gas);
    const after = await ledger.getPaymentRecord({ processId, taskId, payer: address(user) });
    expect(after?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("one sequential retry, sent when the failure is answered, gets Payment required too", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    const failed = await run({ processId, user, taskId, data: { fail: "agent broke" } });
    expect(failed.status).toBe(400);
    // Whenever it is sent, no retry may run on a payment that paid for an attempt.
    const retry = await run({ processId, user, taskId });
    expectPaymentRequired(retry.status, retry.body);
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
    expect((await waitForOutcome({ processId, taskId, payer: address(user) })).outcome).toBe(
      OUTCOME.FAILED,
    );
  });
});

describe("hole 5: the owner raises the price after the payment", () => {
  it("the old, cheaper payment is no longer usable", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    await setPrice(processId, PRICE * 10n);

    const answer = await run({ processId, user, taskId });
    expectPaymentRequired(answer.status, answer.body);
    expect(await agentRunsOf({ processId, taskId }), "runs on the agent").toEqual([]);
    // Both answers to "is it paid?" say no: amount >= the current price is part of the rule.
    expect(await verifyAnswers(processId, user)).toEqual({ gateway: false, client: false });
    // Nothing was claimed or reported: the payer can still take the money back at settle.
    const record = await ledger.getPaymentRecord({ processId, taskId, payer: address(user) });
    expect(record).toMatchObject({ status: PAYMENT_STATUS.ESCROW, outcome: OUTCOME.NONE });
  });

  it("a payment of at least the new price stays usable", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE * 10n });
    await setPrice(processId, PRICE * 10n);
    const answer = await run({ processId, user, taskId });
    expect(answer.status).toBe(200);
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
  });
});

describe("hole 8: one answer to 'is it paid?'", () => {
  it("after a run and its report, the gateway's and the client's verify agree", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    expect(await verifyAnswers(processId, user)).toEqual({ gateway: true, client: true });
    expect((await run({ processId, user, taskId })).status).toBe(200);
    await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(await verifyAnswers(processId, user)).toEqual({ gateway: false, client: false });
    // And the next run agrees with them.
    const next = await run({ processId, user });
    expectPaymentRequired(next.status, next.body);
  });

  it("after a run on a process whose outcomes the gateway cannot report, they agree", async () => {
    // Today the run goes ahead and nothing is reported: the gateway says "not paid" (claimed),
    // the client "paid". Issue 12: the gateway refuses such a paid run before claiming (its own
    // 4xx code, holes 2 and 8), so the payment stays usable and both say so.
    const owner = await fundedAccount();
    const processId = await registerProcess({
      owner,
      paid: true,
      serviceUrl: COUNTING_SERVICE_URL,
      agents: [],
    });
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    const answer = await run({ processId, user, taskId });
    const answers = await verifyAnswers(processId, user);
    expect(answers.gateway, "the gateway's verify against the client's").toBe(answers.client);
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await agentRunsOf({ processId, taskId }), "runs on the agent").toEqual([]);
  });

  it("a payment too close to its settle time is unusable for both", async () => {
    const { processId } = await operatedProcess(PRICE);
    const user = await fundedAccount();
    const taskId = uniqueId("task");
    await ledger.makePayment(user, { processId, taskId, amount: PRICE });
    const record = await ledger.getPaymentRecord({ processId, taskId, payer: address(user) });
    const now = await ledger.ledgerTimeSecs();
    // 300 s before the settle time: inside the gateway's settle margin (docs/architecture.md),
    // so a run could not report before the payer settles.
    await advanceLedgerClock(Number((record?.settleTime ?? now) - now) - 300);
    expect(await verifyAnswers(processId, user)).toEqual({ gateway: false, client: false });
    const answer = await run({ processId, user, taskId });
    expectPaymentRequired(answer.status, answer.body);
  });
});
