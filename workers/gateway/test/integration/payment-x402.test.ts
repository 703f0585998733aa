/**
 * POST /api/payment speaking x402 (docs/x402.md): SPEC's body plus PAYMENT-SIGNATURE gets SPEC's
 * 200 body; SPEC's body alone gets 402 with a PAYMENT-REQUIRED @x402/core reads; nothing is built
 * or submitted for a payment the ledger would refuse.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  address,
  fundedAccount,
  ledger,
  PRICE,
  processOwner,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { paymentOffer, postPayment } from "../support/payment-route.js";
import {
  ownMakePayment,
  paymentRequiredOf,
  paymentResponseOf,
  paymentSignature,
  signOffered,
} from "../support/x402-client.js";

describe("POST /api/payment with x402", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("paid");
  });

  it("answers SPEC's body alone with 402 and a PAYMENT-REQUIRED that @x402/core decodes", async () => {
    const payer = await fundedAccount();
    const required = paymentRequiredOf(await paymentOffer({ payer, processId }));
    expect(required.x402Version).toBe(2);
    expect(required.accepts).toHaveLength(1);
    const accepted = required.accepts[0];
    expect(accepted).toMatchObject({
      scheme: "escrow",
      network: "aptos:4",
      amount: PRICE.toString(),
      asset: "0x1::aptos_coin::AptosCoin",
      payTo: ledger.moduleAddress(),
    });
    expect(accepted?.extra).toMatchObject({
      function: `${ledger.moduleAddress()}::payment::make_payment`,
      processId,
      payer: address(payer),
    });
    // Long enough to sign by hand: UNSIGNED_TRANSACTION_TTL_SECONDS (600 s here) from now.
    const expiresAt = Date.parse(String(accepted?.extra?.unsignedTransactionExpiresAt));
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it("answers SPEC's body with PAYMENT-SIGNATURE with SPEC's 200 body (plus taskId) and PAYMENT-RESPONSE", async () => {
    const payer = await fundedAccount();
    const body = { processId, amount: PRICE.toString(), userAddress: address(payer) };
    const offered = signOffered(payer, paymentRequiredOf(await postPayment(body)));
    const res = await postPayment(body, offered.headers);
    expect(res.status).toBe(200);
    const answer = await res.json<Record<string, unknown>>();
    expect(Object.keys(answer).sort()).toEqual([
      "amount",
      "processId",
      "success",
      "taskId",
      "timestamp",
      "transactionHash",
      "userAddress",
    ]);
    expect(answer).toMatchObject({
      success: true,
      processId,
      amount: PRICE.toString(),
      userAddress: address(payer),
      taskId: offered.taskId,
    });
    expect(paymentResponseOf(res)).toMatchObject({
      success: true,
      transaction: answer.transactionHash,
      network: "aptos:4",
      payer: address(payer),
      extra: { processId, taskId: offered.taskId },
    });
    const record = await ledger.getPaymentRecord({
      processId,
      taskId: offered.taskId,
      payer: address(payer),
    });
    expect(record?.status).toBe(0);
  });

  it("refuses an unknown process, an inactive one and an amount under the price before building anything", async () => {
    const payer = await fundedAccount();
    const inactive = await registerProcess({ owner: processOwner, paid: true, status: "inactive" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ processId: uniqueId("nope") }, 404, "process_not_found"],
      [{ processId: inactive }, 400, "process_inactive"],
      [{ amount: (PRICE - 1n).toString() }, 400, "validation_failed"],
    ];
    for (const [change, status, code] of cases) {
      const res = await postPayment({
        processId,
        amount: PRICE.toString(),
        userAddress: address(payer),
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(status);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ success: false, code });
      // No transaction to sign exists for a payment that would not commit.
      expect(text).not.toContain("unsignedTransaction");
      expect(res.headers.get("PAYMENT-REQUIRED")).toBeNull();
    }
  });

  it("refuses an expired or foreign-chain make_payment with 402, submitting nothing", async () => {
    const payer = await fundedAccount();
    const before = await ledger.sequenceNumber(address(payer));
    const offer = paymentRequiredOf(
      await postPayment({ processId, amount: PRICE.toString(), userAddress: address(payer) }),
    );
    const accepted = offer.accepts[0];
    if (accepted === undefined) throw new Error("no requirement");
    const taskId = uniqueId("task");
    const expired = await ownMakePayment({
      payer,
      processId,
      taskId,
      amount: PRICE,
      expiresAtSecs: Math.floor(Date.now() / 1000) - 5,
    });
    const foreign = await ownMakePayment({ payer, processId, taskId, amount: PRICE, chainId: 1 });
    for (const [signed, word] of [
      [expired, "expired"],
      [foreign, "chain id"],
    ] as const) {
      const res = await postPayment(
        { processId, amount: PRICE.toString(), userAddress: address(payer) },
        paymentSignature(accepted, signed),
      );
      expect(res.status).toBe(402);
      const body = await res.json<{ code: string; error: string }>();
      expect(body.code).toBe("payment_invalid");
      expect(body.error).toContain(word);
      expect(paymentRequiredOf(res).error).toBe(body.error);
    }
    expect(await ledger.sequenceNumber(address(payer))).toBe(before);
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toEqual([]);
  });

  it("refuses a make_payment the ledger would abort (above the balance, a used task id) with its reason, submitting nothing", async () => {
    const balance = 100_000_000n;
    const payer = await fundedAccount(balance);
    const usedTaskId = uniqueId("task");
    await ledger.makePayment(payer, { processId, taskId: usedTaskId, amount: PRICE });
    const [sequence, left] = [
      await ledger.sequenceNumber(address(payer)),
      await ledger.balance(address(payer)),
    ];
    const cases: [bigint, string, string][] = [
      [balance, uniqueId("task"), "balance is below the amount"],
      [PRICE, usedTaskId, "keys are never reused"],
    ];
    for (const [amount, taskId, words] of cases) {
      const body = { processId, amount: amount.toString(), userAddress: address(payer), taskId };
      const accepted = paymentRequiredOf(await postPayment(body)).accepts[0];
      if (accepted === undefined) throw new Error("no requirement");
      const signed = await ownMakePayment({ payer, processId, taskId, amount });
      const res = await postPayment(body, paymentSignature(accepted, signed));
      const answer = await res.json<{ code: string; error: string }>();
      expect(res.status, JSON.stringify(answer)).toBe(402);
      expect(answer).toMatchObject({
        code: "payment_failed",
        error: expect.stringContaining(words),
      });
      expect(paymentResponseOf(res)).toMatchObject({
        success: false,
        errorMessage: expect.stringContaining(words),
        transaction: "",
      });
      // The same transaction as body.signedTransaction: refused alike.
      const plain = await postPayment({ ...body, signedTransaction: signed });
      expect(plain.status).toBe(400);
      expect(await plain.json()).toMatchObject({
        success: false,
        error: expect.stringContaining(words),
      });
    }
    expect(await ledger.sequenceNumber(address(payer))).toBe(sequence);
    expect(await ledger.balance(address(payer))).toBe(left);
  });

  it("passes a ledger refusal on as 402 with a failed PAYMENT-RESPONSE", async () => {
    const payer = await fundedAccount(50_000n);
    const body = { processId, amount: "1000000000", userAddress: address(payer) };
    const offered = signOffered(payer, paymentRequiredOf(await postPayment(body)));
    const res = await postPayment(body, offered.headers);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ success: false, code: "payment_failed" });
    expect(paymentResponseOf(res)).toMatchObject({
      success: false,
      // The node refuses it before executing: the fee could not be paid, and nothing is spent.
      errorReason: "ledger_rejected",
      errorMessage: expect.stringContaining("INSUFFICIENT_BALANCE"),
      network: "aptos:4",
    });
  });
});
