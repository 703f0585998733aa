/**
 * Pay and run in one request (docs/x402.md): POST /api/execute/:processId with PAYMENT-SIGNATURE
 * commits the payment and runs once on exactly it, counted at the agent (test/support/counting-agent).
 */
import { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { signTransactionHex } from "#shared/ledger/signed-transactions";
import { X402_MEDIA_TYPE } from "#shared/x402/transport";
import { SELF } from "../support/checked-self.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  ledger,
  operator,
  PRICE,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { operatedProcess, waitForOutcome } from "../support/operated-process.js";
import { agentRun, agentRunsOf } from "../support/run-counts.js";
import {
  ownMakePayment,
  paymentRequiredOf,
  paymentResponseOf,
  paymentSignature,
  signOffered,
} from "../support/x402-client.js";

const X402 = { accept: X402_MEDIA_TYPE };

type Answer = {
  success: boolean;
  status?: string;
  code?: string;
  error?: string;
  transactionId?: string;
  processId?: string;
};

/** The offer of a paid process for `payer`: the 402 an x402 client gets first. */
async function offer(processId: string, payer: Account) {
  const res = await execute({
    processId,
    body: { userAddress: address(payer), data: { ask: true } },
    signer: null,
    headers: X402,
  });
  expect(res.status).toBe(402);
  return paymentRequiredOf(res);
}

describe("POST /api/execute/:processId with PAYMENT-SIGNATURE", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("commits the payment, runs once on exactly it, and a replay does not run again", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const required = await offer(processId, payer);
    const paid = signOffered(payer, required);
    const body = { userAddress: address(payer), data: { text: "hello" } };
    const res = await execute({ processId, body, signer: null, headers: paid.headers });
    const answer = await res.json<Answer>();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ success: true, status: "completed", processId });
    expect(paymentResponseOf(res)).toMatchObject({
      success: true,
      network: "aptos:4",
      payer: address(payer),
      extra: { processId, taskId: paid.taskId },
    });
    const runs = await agentRunsOf({ processId, taskId: paid.taskId });
    expect(runs).toEqual([answer.transactionId]);
    expect((await agentRun(runs[0] ?? ""))?.taskId).toBe(paid.taskId);

    // The same header again, with the same body or another: the payment is spent.
    for (const data of [body.data, { text: "again" }]) {
      const replay = await execute({
        processId,
        body: { ...body, data },
        signer: null,
        headers: paid.headers,
      });
      expect(replay.status).toBe(409);
      expect(await replay.json()).toMatchObject({ code: "payment_already_claimed" });
    }
    expect(await agentRunsOf({ processId, taskId: paid.taskId })).toHaveLength(1);
    const record = await waitForOutcome({ processId, taskId: paid.taskId, payer: address(payer) });
    expect(record.outcome).toBe(1);
  });

  it("answers 402 to a request that speaks x402 and SPEC's 400 to one that does not, both offering the payment", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const body = { userAddress: address(payer), data: {} };

    const spec = await execute({ processId, body, signer: null });
    expect(spec.status).toBe(400);
    expect(await spec.json()).toMatchObject({
      success: false,
      error: "Payment required",
      processId,
    });
    expect(paymentRequiredOf(spec).accepts[0]?.extra?.processId).toBe(processId);

    const x402 = await execute({ processId, body, signer: null, headers: X402 });
    expect(x402.status).toBe(402);
    const required = paymentRequiredOf(x402);
    expect(required.accepts[0]).toMatchObject({ scheme: "escrow", amount: PRICE.toString() });
    expect(await x402.json()).toMatchObject({
      success: false,
      code: "x402_payment_required",
      processId,
      x402Version: 2,
      accepts: required.accepts,
    });
  });

  it("refuses an expired, foreign-chain or under-price payment before submitting it, and runs nothing", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const accepted = (await offer(processId, payer)).accepts[0];
    if (accepted === undefined) throw new Error("no requirement");
    const before = await ledger.sequenceNumber(address(payer));
    const taskId = uniqueId("task");
    const base = { payer, processId, taskId, amount: PRICE };
    const cases: [string, string][] = [
      [
        await ownMakePayment({ ...base, expiresAtSecs: Math.floor(Date.now() / 1000) - 5 }),
        "expired",
      ],
      [await ownMakePayment({ ...base, chainId: 1 }), "chain id"],
      [await ownMakePayment({ ...base, amount: PRICE - 1n }), "below the process's current price"],
    ];
    for (const [signed, word] of cases) {
      const res = await execute({
        processId,
        body: { userAddress: address(payer), data: {} },
        signer: null,
        headers: paymentSignature(accepted, signed),
      });
      expect(res.status).toBe(402);
      const answer = await res.json<Answer>();
      expect(answer.code).toBe("payment_invalid");
      expect(answer.error).toContain(word);
    }
    expect(await ledger.sequenceNumber(address(payer))).toBe(before);
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toEqual([]);
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
  });

  it("refuses a payment the ledger would abort (above the balance, a used task id) with its reason, submitting nothing", async () => {
    const { processId } = await operatedProcess(PRICE);
    const balance = 100_000_000n;
    const payer = await fundedAccount(balance);
    const accepted = (await offer(processId, payer)).accepts[0];
    if (accepted === undefined) throw new Error("no requirement");
    const usedTaskId = uniqueId("task");
    await ledger.makePayment(payer, { processId, taskId: usedTaskId, amount: PRICE });
    const [sequence, left] = [
      await ledger.sequenceNumber(address(payer)),
      await ledger.balance(address(payer)),
    ];
    const aboveBalance = uniqueId("task");
    const cases: [string, string, string][] = [
      [
        await ownMakePayment({ payer, processId, taskId: aboveBalance, amount: balance }),
        aboveBalance,
        "balance is below the amount",
      ],
      [
        await ownMakePayment({ payer, processId, taskId: usedTaskId, amount: PRICE }),
        usedTaskId,
        "keys are never reused",
      ],
    ];
    for (const [signed, taskId, words] of cases) {
      const res = await execute({
        processId,
        body: { userAddress: address(payer), data: {} },
        signer: null,
        headers: paymentSignature(accepted, signed),
      });
      const answer = await res.json<Answer>();
      expect(res.status, JSON.stringify(answer)).toBe(402);
      expect(answer.code).toBe("payment_failed");
      expect(answer.error).toContain(words);
      expect(paymentResponseOf(res)).toMatchObject({
        success: false,
        errorMessage: expect.stringContaining(words),
        transaction: "",
        payer: address(payer),
      });
      expect(await agentRunsOf({ processId, taskId })).toEqual([]);
    }
    expect(await ledger.sequenceNumber(address(payer))).toBe(sequence);
    expect(await ledger.balance(address(payer))).toBe(left);
  });

  it("runs once when identical PAYMENT-SIGNATURE requests arrive together", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const paid = signOffered(payer, await offer(processId, payer));
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await execute({
          processId,
          body: { userAddress: address(payer), data: { i, delayMs: 50 } },
          signer: null,
          headers: paid.headers,
        });
        return { status: res.status, body: await res.json<Answer>() };
      }),
    );
    const runs = await agentRunsOf({ processId, taskId: paid.taskId });
    expect(runs, "runs the agent started on the one payment").toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // Each other request finds the payment claimed here, or (when it reached the ledger before
    // the claim) committed by another submission.
    const refused = answers.filter((a) => a.status === 409).map((a) => a.body.code);
    expect(refused).toHaveLength(9);
    for (const code of refused) {
      expect(["payment_already_claimed", "payment_already_committed"]).toContain(code);
    }
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toHaveLength(1);
  });

  it("refuses the same header after a commit whose answer never arrived; the payer runs on it with the caller proof", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const paid = signOffered(payer, await offer(processId, payer));
    // The commit happened, the answer never arrived: nothing claimed it.
    await ledger.submitSignedTransaction(paid.signedTransaction);
    const again = await execute({
      processId,
      body: { userAddress: address(payer), data: {} },
      signer: null,
      headers: paid.headers,
    });
    expect(again.status).toBe(409);
    const refused = await again.json<Answer>();
    expect(refused).toMatchObject({ code: "payment_already_committed" });
    expect(refused.error).toContain(`agentgate run -i ${processId} -t ${paid.taskId}`);
    expect(await agentRunsOf({ processId, taskId: paid.taskId })).toEqual([]);

    const res = await execute({
      processId,
      body: { userAddress: address(payer), taskId: paid.taskId, data: {} },
      signer: payer,
    });
    expect(res.status).toBe(200);
    expect(await agentRunsOf({ processId, taskId: paid.taskId })).toHaveLength(1);
  });

  it("does not let a forged signature over someone's committed payment claim it", async () => {
    const { processId } = await operatedProcess(PRICE);
    const [payer, forger] = [await fundedAccount(), Account.generate()];
    const taskId = uniqueId("task");
    const accepted = (await offer(processId, payer)).accepts[0];
    if (accepted === undefined) throw new Error("no requirement");
    await ledger.makePayment(payer, { processId, taskId, amount: PRICE });
    // The victim's task id and sender, signed with another key.
    const transaction = await ledger.buildUnsignedMakePayment({
      sender: address(payer),
      request: { processId, taskId, amount: PRICE },
    });
    const forged = signTransactionHex({ signer: forger, transaction });
    const res = await execute({
      processId,
      body: { userAddress: address(payer), data: {} },
      signer: null,
      headers: paymentSignature(accepted, forged),
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ code: "payment_failed" });
    expect(await agentRunsOf({ processId, taskId })).toEqual([]);
    const verify = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(payer)}`);
    expect(await verify.json()).toMatchObject({ verified: true });
  });

  it("refuses a header that is not base64 JSON, an Idempotency-Key beside a payment and another task id, submitting nothing", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const paid = signOffered(payer, await offer(processId, payer));
    const before = await ledger.sequenceNumber(address(payer));
    const body = { userAddress: address(payer), data: {} };
    const cases: [Record<string, unknown>, Record<string, string>, number, string][] = [
      [body, { "payment-signature": "%%% not base64 %%%" }, 400, "header.PAYMENT-SIGNATURE"],
      [
        body,
        { ...paid.headers, "idempotency-key": uniqueId("key") },
        400,
        "header.Idempotency-Key",
      ],
      [{ ...body, taskId: uniqueId("other") }, paid.headers, 402, "task_id"],
    ];
    for (const [requestBody, headers, status, word] of cases) {
      const res = await execute({ processId, body: requestBody, signer: null, headers });
      expect(res.status, word).toBe(status);
      expect((await res.json<Answer>()).error).toContain(word);
    }
    expect(await ledger.sequenceNumber(address(payer))).toBe(before);
    expect(await agentRunsOf({ processId, taskId: paid.taskId })).toEqual([]);
  });

  it("runs a free process without taking a payment sent to it", async () => {
    const processId = await testProcess("free");
    const payer = await fundedAccount();
    const taskId = uniqueId("task");
    const signed = await ownMakePayment({ payer, processId, taskId, amount: PRICE });
    const accepted = {
      scheme: "escrow",
      network: "aptos:4" as const,
      amount: PRICE.toString(),
      asset: "0x1::aptos_coin::AptosCoin",
      payTo: ledger.moduleAddress(),
      maxTimeoutSeconds: 50,
      extra: {},
    };
    const res = await execute({
      processId,
      body: { userAddress: address(payer), data: { text: "free" } },
      signer: null,
      headers: paymentSignature(accepted, signed),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("PAYMENT-RESPONSE")).toBeNull();
    expect(await ledger.sequenceNumber(address(payer))).toBe(0n);
  });
});
