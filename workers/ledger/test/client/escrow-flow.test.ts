import { describe, expect, it, vi } from "vitest";
import { LIMITS } from "#shared/contract/limits";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import {
  APT,
  addressOf,
  advanceClock,
  devnodeClient,
  expectAbort,
  fundedAccount,
  registerProcess,
  uniqueId,
} from "./harness.js";

// Every step is a signed transaction through the devnode; on a busy 2-core machine that is slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const client = devnodeClient();

async function gasOf(hash: string): Promise<bigint> {
  const receipt = await client.waitForTransaction(hash);
  return receipt.gasUsed * 100n;
}

describe("the escrow through the shared client", () => {
  it("funds, registers, pays, verifies and releases: the owner receives exactly the amount", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    expect(await client.balance(addressOf(payer))).toBe(10n * APT);

    const processId = await registerProcess(client, owner, {
      pricing: { taskPrice: 1000n, requiresPrepayment: true },
    });
    expect(processId).toMatch(/^proc-\d+$/);
    expect((await client.getProcess(processId))?.owner).toBe(addressOf(owner));

    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(false);
    const vaultBefore = await client.escrowBalance();
    const ownerBefore = await client.balance(addressOf(owner));
    const payHash = await client.makePayment(payer, {
      processId,
      taskId: "task-1",
      amount: "5000",
    });

    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(true);
    expect(await client.escrowBalance()).toBe(vaultBefore + 5000n);
    expect(await client.balance(addressOf(payer))).toBe(10n * APT - 5000n - (await gasOf(payHash)));
    const details = await client.getPaymentDetails(addressOf(payer), processId);
    expect(details).toMatchObject({
      processId,
      taskId: "task-1",
      payer: addressOf(payer),
      receiver: addressOf(owner),
      provider: addressOf(owner),
      amount: 5000n,
      currency: "APT",
      status: PAYMENT_STATUS.ESCROW,
      outcome: OUTCOME.NONE,
    });
    expect(details?.settleTime).toBe(
      (details?.createdAt ?? 0n) + BigInt(LIMITS.DEFAULT_REFUND_WINDOW_SECS),
    );
    expect(
      await client.getPayment({ processId, taskId: "task-1", payer: addressOf(payer) }),
    ).toMatchObject({
      amount: 5000n,
      status: PAYMENT_STATUS.ESCROW,
    });

    await client.releasePayment(payer, { processId, taskId: "task-1" });
    expect(await client.balance(addressOf(owner))).toBe(ownerBefore + 5000n);
    expect(await client.escrowBalance()).toBe(vaultBefore);
    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(false);
    expect(await client.getPaymentDetails(addressOf(payer), processId)).toBeNull();
    expect(
      await client.verifyTaskPayment({ processId, taskId: "task-1", payer: addressOf(payer) }),
    ).toBe(false);
    expect(
      await client.paymentExists({ processId, taskId: "task-1", payer: addressOf(payer) }),
    ).toBe(true);
    expect(
      (await client.getPayment({ processId, taskId: "task-1", payer: addressOf(payer) }))?.status,
    ).toBe(PAYMENT_STATUS.COMPLETED);
  });

  it("refunds a payment the provider reported failed, within the window", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: "t", amount: 7000n });
    await client.reportOutcome({
      signer: owner,
      processId,
      taskId: "t",
      payer: addressOf(payer),
      delivered: false,
      resultHash: new Uint8Array([0xde, 0xad]),
    });
    const record = await client.getPaymentRecord({
      processId,
      taskId: "t",
      payer: addressOf(payer),
    });
    expect(record).toMatchObject({
      outcome: OUTCOME.FAILED,
      resultHash: new Uint8Array([0xde, 0xad]),
    });
    // A payment with an outcome no longer counts as usable.
    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(false);

    const before = await client.balance(addressOf(payer));
    const hash = await client.requestRefund(payer, { processId, taskId: "t" });
    expect(await client.balance(addressOf(payer))).toBe(before + 7000n - (await gasOf(hash)));
    expect(
      (await client.getPayment({ processId, taskId: "t", payer: addressOf(payer) }))?.status,
    ).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("refuses a refund without a failure report, to a stranger, and twice", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const stranger = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: "t", amount: 100n });

    await expectAbort(
      client.requestRefund(payer, { processId, taskId: "t" }),
      "EOUTCOME_NOT_FAILED",
    );
    await expectAbort(
      client.requestRefund(stranger, { processId, taskId: "t" }),
      "EPAYMENT_NOT_FOUND",
    );
    await client.reportOutcome({
      signer: owner,
      processId,
      taskId: "t",
      payer: addressOf(payer),
      delivered: false,
    });
    await client.requestRefund(payer, { processId, taskId: "t" });
    await expectAbort(client.requestRefund(payer, { processId, taskId: "t" }), "ENOT_IN_ESCROW");
  });

  it("lets the receiver or the provider cancel, returning the funds, but nobody else", async () => {
    const owner = await fundedAccount(client);
    const receiver = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner, { paymentAddress: addressOf(receiver) });
    await client.makePayment(payer, { processId, taskId: "a", amount: 300n });
    await client.makePayment(payer, { processId, taskId: "b", amount: 400n });
    expect(await client.openPayments({ processId, payer: addressOf(payer) })).toEqual(["a", "b"]);

    const key = { processId, taskId: "a", payer: addressOf(payer) };
    await expectAbort(client.cancelPayment({ signer: payer, ...key }), "ENOT_RECEIVER_OR_PROVIDER");
    const before = await client.balance(addressOf(payer));
    await client.cancelPayment({ signer: receiver, ...key });
    expect(await client.balance(addressOf(payer))).toBe(before + 300n);
    await client.cancelPayment({ signer: owner, ...key, taskId: "b" });
    expect(await client.balance(addressOf(payer))).toBe(before + 700n);
    expect((await client.getPayment(key))?.status).toBe(PAYMENT_STATUS.CANCELED);
    await expectAbort(client.cancelPayment({ signer: owner, ...key }), "ENOT_IN_ESCROW");
    expect(await client.openPayments({ processId, payer: addressOf(payer) })).toEqual([]);
  });

  it("settles after the window: to the receiver when delivered, back to the payer otherwise", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const anyone = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: "delivered", amount: 1_000n });
    await client.makePayment(payer, { processId, taskId: "silent", amount: 2_000n });
    await client.reportOutcome({
      signer: owner,
      processId,
      taskId: "delivered",
      payer: addressOf(payer),
      delivered: true,
    });
    const delivered = { processId, taskId: "delivered", payer: addressOf(payer) };
    const silent = { processId, taskId: "silent", payer: addressOf(payer) };
    await expectAbort(client.settlePayment({ signer: anyone, ...delivered }), "ESETTLE_TOO_EARLY");

    await advanceClock(LIMITS.DEFAULT_REFUND_WINDOW_SECS + 1);
    // Past the settle time the payer can no longer refund, even with a failure report.
    await expectAbort(
      client.requestRefund(payer, { processId, taskId: "silent" }),
      "EREFUND_WINDOW_CLOSED",
    );

    const ownerBefore = await client.balance(addressOf(owner));
    const payerBefore = await client.balance(addressOf(payer));
    await client.settlePayment({ signer: anyone, ...delivered });
    await client.settlePayment({ signer: anyone, ...silent });
    expect(await client.balance(addressOf(owner))).toBe(ownerBefore + 1_000n);
    expect(await client.balance(addressOf(payer))).toBe(payerBefore + 2_000n);
    expect((await client.getPayment(delivered))?.status).toBe(PAYMENT_STATUS.COMPLETED);
    expect((await client.getPayment(silent))?.status).toBe(PAYMENT_STATUS.REFUNDED);
    await expectAbort(client.settlePayment({ signer: anyone, ...silent }), "ENOT_IN_ESCROW");
  });

  it("refuses a silent provider's 'delivered' after the settle time: the payer's settle refunds", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: "silent", amount: 3_000n });
    const silent = { processId, taskId: "silent", payer: addressOf(payer) };
    await advanceClock(LIMITS.DEFAULT_REFUND_WINDOW_SECS + 1);
    // The provider tries to report delivered and then settle to itself (or to front-run the
    // payer's settle): the report aborts, so the settle refunds the payer.
    await expectAbort(
      client.reportOutcome({ signer: owner, ...silent, delivered: true }),
      "EOUTCOME_TOO_LATE",
    );
    const payerBefore = await client.balance(addressOf(payer));
    const ownerBefore = await client.balance(addressOf(owner));
    const receipt = await client.settlePayment({ signer: owner, ...silent });
    expect(await client.balance(addressOf(payer))).toBe(payerBefore + 3_000n);
    expect(await client.balance(addressOf(owner))).toBe(ownerBefore - (await gasOf(receipt.hash)));
    expect((await client.getPayment(silent))?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("treats a payment whose settle time has passed as no longer verified", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: uniqueId("t"), amount: 10n });
    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(true);
    await advanceClock(LIMITS.DEFAULT_REFUND_WINDOW_SECS + 1);
    expect(await client.verifyPayment(addressOf(payer), processId)).toBe(false);
    expect(await client.getPaymentDetails(addressOf(payer), processId)).toBeNull();
  });

  it("keeps a payment usable after its process is deregistered", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    await client.makePayment(payer, { processId, taskId: "t", amount: 50n });
    await client.deregisterProcess({ signer: owner, id: processId });
    expect(await client.getProcess(processId)).toBeNull();
    const before = await client.balance(addressOf(owner));
    await client.releasePayment(payer, { processId, taskId: "t" });
    expect(await client.balance(addressOf(owner))).toBe(before + 50n);
  });

  it("submits a payment the payer signed elsewhere, as the gateway's /api/payment does", async () => {
    const owner = await fundedAccount(client);
    const payer = await fundedAccount(client);
    const processId = await registerProcess(client, owner);
    const { signTransactionHex } = await import("#shared/ledger/signed-transactions");
    const transaction = await client.buildUnsignedMakePayment({
      sender: addressOf(payer),
      request: { processId, taskId: "remote", amount: "77" },
    });
    const hex = signTransactionHex({ signer: payer, transaction });
    const decoded = client.decodeSignedTransaction(hex);
    expect(decoded).toMatchObject({
      sender: addressOf(payer),
      entryFunction: "make_payment",
      args: { process_id: processId, task_id: "remote", amount: 77n },
      chainId: 4,
    });
    const receipt = await client.submitSignedTransaction(hex);
    expect(receipt.hash).toBe(decoded.hash);
    expect(
      await client.verifyTaskPayment({ processId, taskId: "remote", payer: addressOf(payer) }),
    ).toBe(true);
  });
});
