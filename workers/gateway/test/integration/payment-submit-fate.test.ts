/**
 * What submitPayment answers when the way to the node breaks (docs/x402.md, "After the commit"):
 * a submission whose answer is lost may still commit, so its refusal says to run on the payment
 * with the caller proof; the same bytes sent again then are payment_already_committed. A failure
 * before anything was submitted (the simulation) says nothing of the kind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createLedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";
import { submitPayment } from "../../src/payment/submit-payment.js";
import {
  address,
  devnode,
  fundedAccount,
  ledger,
  operator,
  PRICE,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess } from "../support/operated-process.js";
import { ownMakePayment } from "../support/x402-client.js";

/**
 * A ledger client over the devnode whose connection breaks on the POST to `path`: after the node
 * took the request (`after`, the answer is lost) or before it (the request never arrives).
 */
function brokenAt(path: string, when: "before" | "after") {
  return createLedgerClient({
    network: resolveNetwork({ network: "local" }),
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const breaks = init?.method === "POST" && url.pathname === path;
      if (breaks && when === "before") throw new TypeError("Network connection lost.");
      const answer = await devnode().fetch(input, init);
      if (breaks) throw new TypeError("Network connection lost.");
      return answer;
    },
  });
}

async function signedPayment() {
  const { processId } = await operatedProcess(PRICE);
  const payer = await fundedAccount();
  const taskId = uniqueId("task");
  const signedTransaction = await ownMakePayment({ payer, processId, taskId, amount: PRICE });
  const decoded = ledger.decodeSignedTransaction(signedTransaction);
  return { processId, payer, taskId, signedTransaction, decoded };
}

describe("submitPayment when the connection to the node breaks", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("says a submission whose answer was lost may still commit, and how to run on it; sent again it is already committed", async () => {
    const paid = await signedPayment();
    const lost = await submitPayment({ ...paid, ledger: brokenAt("/v1/transactions", "after") });
    if (lost.ok) throw new Error("the lost answer counted as a payment");
    expect(lost.error.code).toBe("ledger_unavailable");
    expect(lost.error.message).toMatch(/^Ledger unavailable\. The payment may still commit/);
    expect(lost.error.message).toContain(`agentgate run -i ${paid.processId} -t ${paid.taskId}`);
    expect(lost.refusedBy).toBeUndefined();

    // It did commit.
    const record = await ledger.getPaymentRecord({
      processId: paid.processId,
      taskId: paid.taskId,
      payer: address(paid.payer),
    });
    expect(record?.amount).toBe(PRICE);
    const again = await submitPayment({ ...paid, ledger });
    if (again.ok) throw new Error("the same bytes paid twice");
    expect(again.error).toMatchObject({
      code: "payment_already_committed",
      details: { transactionHash: paid.decoded.hash, taskId: paid.taskId },
    });
  });

  it("says nothing of a commit when the simulation could not reach the node; the bytes still pay later", async () => {
    const paid = await signedPayment();
    const unsent = await submitPayment({
      ...paid,
      ledger: brokenAt("/v1/transactions/simulate", "before"),
    });
    if (unsent.ok) throw new Error("paid without a node");
    expect(unsent.error.code).toBe("ledger_unavailable");
    expect(JSON.stringify(unsent.error)).not.toContain("may still commit");
    const sent = await submitPayment({ ...paid, ledger });
    expect(sent.ok).toBe(true);
  });
});
