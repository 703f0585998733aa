import { describe, expect, it, vi } from "vitest";
import {
  type ProcessStats,
  statsListResponseSchema,
  statsResponseSchema,
} from "#shared/schemas/stats";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  ledger,
  PRICE,
  pay,
  registerProcess,
} from "../support/ledger-fixtures.js";

async function statsOf(processId: string): Promise<ProcessStats> {
  const res = await SELF.fetch(`${GATEWAY}/api/stats/${processId}`);
  expect(res.status).toBe(200);
  return statsResponseSchema.parse(await res.json()).stats;
}

/** Polls until the read model shows `expected` (it syncs from the ledger at most once a second). */
function waitForStats(processId: string, expected: Partial<ProcessStats>): Promise<void> {
  return vi.waitFor(async () => expect(await statsOf(processId)).toMatchObject(expected), {
    timeout: 15_000,
    interval: 200,
  });
}

describe("success rates and earnings from the ledger's events", () => {
  it("counts paid runs, delivered against failed, and octas released, refunded and in escrow", async () => {
    const owner = await fundedAccount();
    const processId = await registerProcess({
      owner,
      paid: true,
      agents: [address(owner)],
      tags: ["stats-test"],
    });
    await waitForStats(processId, {
      owner: address(owner),
      status: "active",
      runs: 0,
      successRate: null,
      released: "0",
      inEscrow: "0",
    });

    const [first, second, third] = await Promise.all([
      fundedAccount(),
      fundedAccount(),
      fundedAccount(),
    ]);
    if (first === undefined || second === undefined || third === undefined) throw new Error();
    const delivered = await pay({ payer: first, processId });
    const failed = await pay({ payer: second, processId });
    await pay({ payer: third, processId });
    await waitForStats(processId, {
      runs: 3,
      successRate: null,
      inEscrow: (3n * PRICE).toString(),
    });

    // The outcomes are the ledger's facts: here the owner, an agent of the process, reports them.
    const report = (payer: string, taskId: string, isDelivered: boolean) =>
      ledger.reportOutcome({ signer: owner, processId, taskId, payer, delivered: isDelivered });
    await report(address(first), delivered, true);
    await report(address(second), failed, false);
    await waitForStats(processId, { delivered: 1, failed: 1, successRate: 0.5 });

    await ledger.releasePayment(first, { processId, taskId: delivered });
    await ledger.requestRefund(second, { processId, taskId: failed });
    await waitForStats(processId, {
      runs: 3,
      delivered: 1,
      failed: 1,
      successRate: 0.5,
      released: PRICE.toString(),
      refunded: PRICE.toString(),
      inEscrow: PRICE.toString(),
    });

    // The list answers the same figures, filtered as GET /api/processes is.
    const res = await SELF.fetch(`${GATEWAY}/api/stats?owner=${address(owner)}&tag=stats-test`);
    const list = statsListResponseSchema.parse(await res.json());
    expect(list.stats).toEqual([await statsOf(processId)]);
    expect(BigInt(list.ledgerVersion)).toBeGreaterThan(0n);
  });

  it("answers 404 for a process that is not registered and has no payments", async () => {
    const res = await SELF.fetch(`${GATEWAY}/api/stats/no-such-process`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: "process_not_found" });
  });

  it("refuses a malformed filter with the validation 400", async () => {
    const res = await SELF.fetch(`${GATEWAY}/api/stats?owner=not-an-address`);
    expect(res.status).toBe(400);
  });
});
