/**
 * Issue 20, "Operator gas": the gateway serves another owner's paid process only at a task price
 * of at least OPERATOR_MIN_PRICE_OCTAS (the `local` environment's 1,000 octas here), so a
 * stranger cannot price a process at 1 octa and make the operator pay a claim and a report per
 * run; the operator's own processes run at any price (docs/gateway.md, "Operator gas").
 */
import type { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import {
  address,
  execute,
  fundedAccount,
  ledger,
  operator,
  PRICE,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess } from "../support/operated-process.js";
import { agentRunsOf, COUNTING_SERVICE_URL } from "../support/run-counts.js";

const FLOOR = 1_000n;

/** A paid process of `owner` (not the operator) on the counting agent, listing the operator. */
async function strangersProcess(owner: Account, price: bigint): Promise<string> {
  const { processId } = await ledger.registerProcess({
    signer: owner,
    id: uniqueId("floor"),
    process: {
      name: "Counting echo",
      description: "issue 20: operator gas floor",
      serviceUrl: COUNTING_SERVICE_URL,
      agents: [address(operator)],
      tags: ["echo"],
      status: "active",
      pricing: { taskPrice: price, requiresPrepayment: true },
    },
  });
  return processId;
}

async function paidExecute(processId: string, price: bigint) {
  const user = await fundedAccount();
  const taskId = uniqueId("task");
  await ledger.makePayment(user, { processId, taskId, amount: price });
  const res = await execute({
    processId,
    body: { userAddress: address(user), taskId, data: { x: 1 } },
    signer: user,
  });
  return { res, user, taskId };
}

describe("the operator's minimum price for other owners' paid processes", () => {
  let owner: Account;

  beforeAll(async () => {
    expect(PRICE).toBe(FLOOR);
    owner = await fundedAccount();
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("refuses a price below the floor with 403 and the reason, before anything is claimed", async () => {
    const processId = await strangersProcess(owner, FLOOR - 1n);
    const { res, user, taskId } = await paidExecute(processId, FLOOR - 1n);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      success: false,
      code: "paid_runs_unavailable",
      details: {
        reason: "price_below_operator_minimum",
        operator: address(operator),
        minPriceOctas: FLOOR.toString(),
      },
    });
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
    // Nothing claimed, on the ledger or here: the payment stays usable.
    expect(await ledger.runClaimedBy({ processId, taskId, payer: address(user) })).toBeNull();
    expect(await ledger.verifyPayment(address(user), processId)).toBe(true);
  });

  it("runs another owner's process priced at the floor", async () => {
    const processId = await strangersProcess(owner, FLOOR);
    const { res, taskId } = await paidExecute(processId, FLOOR);
    expect(res.status).toBe(200);
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
  });

  it("runs the operator's own process at any price", async () => {
    const { processId } = await operatedProcess(1n);
    const { res, taskId } = await paidExecute(processId, 1n);
    expect(res.status).toBe(200);
    expect(await agentRunsOf({ processId, taskId })).toHaveLength(1);
  });
});
