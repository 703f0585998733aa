import type { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITS } from "#shared/contract/limits";
import { OUTCOME } from "#shared/contract/status";
import {
  APT,
  addressOf,
  admin,
  devnodeClient,
  expectAbort,
  fundedAccount,
  registerProcess,
  uniqueId,
} from "./harness.js";

// Every step is a signed transaction through the devnode; on a busy 2-core machine that is slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const client = devnodeClient();
let owner: Account;
let payer: Account;
let stranger: Account;
let processId: string;

beforeAll(async () => {
  owner = await fundedAccount(client);
  payer = await fundedAccount(client, 20n);
  stranger = await fundedAccount(client);
  processId = await registerProcess(client, owner, {
    pricing: { taskPrice: 100n, requiresPrepayment: true },
  });
  await client.fund({ address: addressOf(admin), amount: 5n * APT });
});

describe("make_payment limits, as the Move tests expect them", () => {
  it("refuses an unknown process and a process that is not active", async () => {
    await expectAbort(
      client.makePayment(payer, { processId: "no-such-process", taskId: "t", amount: 100n }),
      "EPROCESS_NOT_FOUND",
    );
    const paused = await registerProcess(client, owner, { status: "maintenance" });
    await expectAbort(
      client.makePayment(payer, { processId: paused, taskId: "t", amount: 100n }),
      "EPROCESS_NOT_ACTIVE",
    );
  });

  it("takes task ids of 1 to 128 bytes of the id charset", async () => {
    await expectAbort(
      client.makePayment(payer, { processId, taskId: "", amount: 100n }),
      "EINVALID_TASK_ID",
    );
    await expectAbort(
      client.makePayment(payer, { processId, taskId: "t".repeat(129), amount: 100n }),
      "EINVALID_TASK_ID",
    );
    await expectAbort(
      client.makePayment(payer, { processId, taskId: "has space", amount: 100n }),
      "EINVALID_TASK_ID",
    );
    const longest = `${uniqueId("t")}-`.padEnd(LIMITS.MAX_PAYMENT_TASK_ID_BYTES, "x");
    await client.makePayment(payer, { processId, taskId: longest, amount: 100n });
    expect(
      await client.verifyTaskPayment({ processId, taskId: longest, payer: addressOf(payer) }),
    ).toBe(true);
  });

  it("refuses a zero amount and an amount below the task price, accepts the price itself", async () => {
    await expectAbort(
      client.makePayment(payer, { processId, taskId: uniqueId("t"), amount: 0n }),
      "EZERO_AMOUNT",
    );
    await expectAbort(
      client.makePayment(payer, { processId, taskId: uniqueId("t"), amount: 99n }),
      "EAMOUNT_BELOW_PRICE",
    );
    await client.makePayment(payer, { processId, taskId: uniqueId("t"), amount: 100n });
  });

  it("never reuses a key, even after the payment ended", async () => {
    const taskId = uniqueId("t");
    await client.makePayment(payer, { processId, taskId, amount: 100n });
    await expectAbort(
      client.makePayment(payer, { processId, taskId, amount: 100n }),
      "EPAYMENT_EXISTS",
    );
    await client.releasePayment(payer, { processId, taskId });
    await expectAbort(
      client.makePayment(payer, { processId, taskId, amount: 100n }),
      "EPAYMENT_EXISTS",
    );
    // Another payer may use the same process and task id: the payer is part of the key.
    await client.makePayment(stranger, { processId, taskId, amount: 100n });
  });

  it("refuses an amount above the payer's balance with our own abort, moving nothing but gas", async () => {
    const poor = await fundedAccount(client, 1n);
    const vault = await client.escrowBalance();
    const error = await expectAbort(
      client.makePayment(poor, { processId, taskId: uniqueId("t"), amount: 2n * APT }),
      "EINSUFFICIENT_BALANCE",
    );
    const gas = (await client.aptos.getTransactionByHash({
      transactionHash: error.hash ?? "",
    })) as { gas_used?: string };
    expect(await client.balance(addressOf(poor))).toBe(APT - BigInt(gas.gas_used ?? "0") * 100n);
    expect(await client.escrowBalance()).toBe(vault);
  });

  it("allows at most 64 open payments per process and payer", async () => {
    const busy = await fundedAccount(client, 5n);
    const own = await registerProcess(client, owner);
    for (let i = 0; i < LIMITS.MAX_OPEN_PAYMENTS; i++) {
      await client.makePayment(busy, { processId: own, taskId: `t${i}`, amount: 1n });
    }
    await expectAbort(
      client.makePayment(busy, { processId: own, taskId: "one-more", amount: 1n }),
      "ETOO_MANY_OPEN_PAYMENTS",
    );
    expect(await client.openPayments({ processId: own, payer: addressOf(busy) })).toHaveLength(
      LIMITS.MAX_OPEN_PAYMENTS,
    );
    await client.releasePayment(busy, { processId: own, taskId: "t0" });
    await client.makePayment(busy, { processId: own, taskId: "one-more", amount: 1n });
  }, 180_000);
});

describe("release, cancel and report permissions", () => {
  it("lets only the payer release, once", async () => {
    const taskId = uniqueId("t");
    await client.makePayment(payer, { processId, taskId, amount: 100n });
    await expectAbort(client.releasePayment(stranger, { processId, taskId }), "EPAYMENT_NOT_FOUND");
    await expectAbort(client.releasePayment(owner, { processId, taskId }), "EPAYMENT_NOT_FOUND");
    await client.releasePayment(payer, { processId, taskId });
    await expectAbort(client.releasePayment(payer, { processId, taskId }), "ENOT_IN_ESCROW");
  });

  it("refuses to cancel or report on a payment that does not exist", async () => {
    const key = { processId, taskId: "never-paid", payer: addressOf(payer) };
    await expectAbort(client.cancelPayment({ signer: owner, ...key }), "EPAYMENT_NOT_FOUND");
    await expectAbort(client.settlePayment({ signer: owner, ...key }), "EPAYMENT_NOT_FOUND");
    await expectAbort(
      client.reportOutcome({ signer: owner, ...key, delivered: true }),
      "EPAYMENT_NOT_FOUND",
    );
  });

  it("takes an outcome only from the provider or a listed agent, once, with a hash of at most 64 bytes", async () => {
    const agent = await fundedAccount(client);
    const agentProcess = await registerProcess(client, owner, { agents: [addressOf(agent)] });
    const taskId = uniqueId("t");
    const key = { processId: agentProcess, taskId, payer: addressOf(payer) };
    await client.makePayment(payer, { processId: agentProcess, taskId, amount: 10n });

    await expectAbort(
      client.reportOutcome({ signer: payer, ...key, delivered: false }),
      "ENOT_PROVIDER_OR_AGENT",
    );
    await expectAbort(
      client.reportOutcome({ signer: stranger, ...key, delivered: true }),
      "ENOT_PROVIDER_OR_AGENT",
    );
    await expectAbort(
      client.reportOutcome({
        signer: agent,
        ...key,
        delivered: true,
        resultHash: new Uint8Array(65),
      }),
      "EINVALID_RESULT_HASH",
    );
    await client.reportOutcome({
      signer: agent,
      ...key,
      delivered: true,
      resultHash: new Uint8Array(64).fill(7),
    });
    expect(await client.getPaymentRecord(key)).toMatchObject({
      outcome: OUTCOME.DELIVERED,
      resultHash: new Uint8Array(64).fill(7),
    });
    await expectAbort(
      client.reportOutcome({ signer: owner, ...key, delivered: false }),
      "EOUTCOME_ALREADY_SET",
    );
    await client.releasePayment(payer, { processId: agentProcess, taskId });
    await expectAbort(
      client.reportOutcome({ signer: owner, ...key, delivered: false }),
      "ENOT_IN_ESCROW",
    );
  });

  it("refuses cancel on a payment that already ended", async () => {
    const taskId = uniqueId("t");
    await client.makePayment(payer, { processId, taskId, amount: 100n });
    await client.releasePayment(payer, { processId, taskId });
    await expectAbort(
      client.cancelPayment({ signer: owner, processId, taskId, payer: addressOf(payer) }),
      "ENOT_IN_ESCROW",
    );
  });
});

describe("admin settings", () => {
  it("lets only the admin change the refund window, within 3600 to 31536000 seconds, for later payments only", async () => {
    await expectAbort(client.setRefundWindow({ signer: stranger, seconds: 7200n }), "ENOT_ADMIN");
    await expectAbort(
      client.setRefundWindow({ signer: admin, seconds: LIMITS.MIN_REFUND_WINDOW_SECS - 1 }),
      "EINVALID_REFUND_WINDOW",
    );
    await expectAbort(
      client.setRefundWindow({ signer: admin, seconds: LIMITS.MAX_REFUND_WINDOW_SECS + 1 }),
      "EINVALID_REFUND_WINDOW",
    );

    const before = uniqueId("before");
    await client.makePayment(payer, { processId, taskId: before, amount: 100n });
    await client.setRefundWindow({ signer: admin, seconds: LIMITS.MIN_REFUND_WINDOW_SECS });
    try {
      expect(await client.refundWindow()).toBe(BigInt(LIMITS.MIN_REFUND_WINDOW_SECS));
      const after = uniqueId("after");
      await client.makePayment(payer, { processId, taskId: after, amount: 100n });
      const old = await client.getPaymentRecord({
        processId,
        taskId: before,
        payer: addressOf(payer),
      });
      const fresh = await client.getPaymentRecord({
        processId,
        taskId: after,
        payer: addressOf(payer),
      });
      expect((old?.settleTime ?? 0n) - (old?.createdAt ?? 0n)).toBe(
        BigInt(LIMITS.DEFAULT_REFUND_WINDOW_SECS),
      );
      expect((fresh?.settleTime ?? 0n) - (fresh?.createdAt ?? 0n)).toBe(
        BigInt(LIMITS.MIN_REFUND_WINDOW_SECS),
      );
    } finally {
      await client.setRefundWindow({ signer: admin, seconds: LIMITS.DEFAULT_REFUND_WINDOW_SECS });
    }
  });

  it("lets only the admin initialize, and a second initialize changes nothing", async () => {
    await expectAbort(client.initialize({ signer: stranger }), "ENOT_ADMIN");
    const window = await client.refundWindow();
    const vault = await client.escrowBalance();
    await client.initialize({ signer: admin });
    await client.initialize({ signer: admin });
    expect(await client.refundWindow()).toBe(window);
    expect(await client.escrowBalance()).toBe(vault);
  });

  it("keeps the escrow in a vault whose balance is the escrow balance", async () => {
    const vault = await client.vaultAddress();
    expect(vault).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await client.balance(vault)).toBe(await client.escrowBalance());
  });

  it("answers the gateway context for a missing process without aborting", async () => {
    const context = await client.gatewayContext({
      processId: "no-such-process",
      payer: addressOf(payer),
    });
    expect(context).toMatchObject({ processExists: false, openPayments: [], pricing: undefined });
    expect(context.now).toBeGreaterThan(0n);
  });
});
