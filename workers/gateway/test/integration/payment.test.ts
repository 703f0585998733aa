import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentResponseSchema } from "#shared/schemas/gateway";
import { SELF } from "../support/checked-self.js";
import {
  address,
  fundedAccount,
  GATEWAY,
  ledger,
  PRICE,
  proofHeaders,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { paymentOffer, postPayment } from "../support/payment-route.js";
import { paymentRequiredOf, signOffered } from "../support/x402-client.js";

/** What a client does with the 402: sign the transaction it was offered. */
async function signedPayment(args: {
  payer: Ed25519Account;
  processId: string;
  amount?: bigint;
  userAddress?: string;
}): Promise<{ signedTransaction: string; taskId: string }> {
  const res = await paymentOffer(args);
  const { signedTransaction, taskId } = signOffered(args.payer, paymentRequiredOf(res));
  return { signedTransaction, taskId };
}

describe("POST /api/payment", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("paid");
  });

  it("answers 402 offering the unsigned make_payment when no payment is sent", async () => {
    const payer = await fundedAccount();
    const res = await paymentOffer({ payer, processId });
    const required = paymentRequiredOf(res);
    const extra = required.accepts[0]?.extra ?? {};
    expect(extra.unsignedTransaction).toMatch(/^0x[0-9a-f]+$/);
    expect(String(extra.taskId).length).toBeGreaterThan(0);
    // The body carries the same PaymentRequired next to the gateway's error fields.
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: false, code: "x402_payment_required", processId });
    expect(body.accepts).toEqual(required.accepts);
    expect(body.error).toBe(required.error);
  });

  it("submits the payer's signed make_payment, waits for it and answers SPEC's body plus taskId", async () => {
    const payer = await fundedAccount();
    const { signedTransaction, taskId } = await signedPayment({ payer, processId });
    const res = await postPayment({
      processId,
      amount: PRICE.toString(),
      userAddress: address(payer),
      signedTransaction,
    });
    expect(res.status).toBe(200);
    const body = paymentResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      processId,
      taskId,
      amount: PRICE.toString(),
      userAddress: address(payer),
    });
    const record = await ledger.getPaymentRecord({ processId, taskId, payer: address(payer) });
    expect(record?.status).toBe(0);
    const verify = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${address(payer)}`);
    expect(await verify.json()).toMatchObject({ success: true, verified: true, processId });
  });

  it("refuses a signed transaction that does not match the body", async () => {
    const payer = await fundedAccount();
    const other = await fundedAccount();
    const { signedTransaction } = await signedPayment({ payer, processId });
    const otherProcessId = await testProcess("operated");
    const cases: [Record<string, unknown>, string][] = [
      [{ userAddress: address(other) }, "sender"],
      [{ amount: (PRICE + 1n).toString() }, "amount"],
      [{ processId: otherProcessId }, "process_id"],
      [{ taskId: uniqueId("other-task") }, "task_id"],
    ];
    for (const [change, word] of cases) {
      const res = await postPayment({
        processId,
        amount: PRICE.toString(),
        userAddress: address(payer),
        signedTransaction,
        ...change,
      });
      expect(res.status).toBe(400);
      const body = await res.json<{ error: string }>();
      expect(body.error).toContain("body.signedTransaction");
      expect(body.error).toContain(word);
    }
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toEqual([]);
  });

  it("refuses bytes that are not a signed transaction", async () => {
    const payer = await fundedAccount();
    const res = await postPayment({
      processId,
      amount: PRICE.toString(),
      userAddress: address(payer),
      signedTransaction: "0xdeadbeef",
    });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain("signedTransaction");
  });

  it("passes the ledger's refusal on as a 400 (insufficient funds)", async () => {
    const payer = await fundedAccount(50_000n);
    const { signedTransaction } = await signedPayment({ payer, processId, amount: 1_000_000_000n });
    const res = await postPayment({
      processId,
      amount: "1000000000",
      userAddress: address(payer),
      signedTransaction,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("replays the first answer for the same Idempotency-Key and body, and 409 for another body", async () => {
    const payer = await fundedAccount();
    const { signedTransaction } = await signedPayment({ payer, processId });
    const body = {
      processId,
      amount: PRICE.toString(),
      userAddress: address(payer),
      signedTransaction,
    };
    const key = { "idempotency-key": uniqueId("pay") };
    // Each retry carries a fresh proof (a proof is taken once): here, another timestamp.
    let timestamp = Math.floor(Date.now() / 1000);
    const signed = async (b: Record<string, unknown>) => ({
      ...key,
      ...(await proofHeaders({
        signer: payer,
        path: "/api/payment",
        text: JSON.stringify(b),
        timestamp: timestamp--,
      })),
    });
    const first = await postPayment(body, await signed(body));
    const second = await postPayment(body, await signed(body));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const [a, b] = [
      await first.json<{ transactionHash: string }>(),
      await second.json<{ transactionHash: string }>(),
    ];
    expect(b.transactionHash).toBe(a.transactionHash);
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toHaveLength(1);
    const another = await signedPayment({ payer, processId });
    const otherBody = { ...body, signedTransaction: another.signedTransaction };
    const other = await postPayment(otherBody, await signed(otherBody));
    expect(other.status).toBe(409);
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toHaveLength(1);
  });

  it("refuses an Idempotency-Key without a caller proof before recording it", async () => {
    const payer = await fundedAccount();
    const { signedTransaction } = await signedPayment({ payer, processId });
    const body = {
      processId,
      amount: PRICE.toString(),
      userAddress: address(payer),
      signedTransaction,
    };
    const key = { "idempotency-key": uniqueId("pay") };
    // Anyone who saw the signed transaction could send it with a key: no proof, no key.
    const squat = await postPayment(body, key);
    expect(squat.status).toBe(401);
    expect(await ledger.openPayments({ processId, payer: address(payer) })).toHaveLength(0);
    const proof = await proofHeaders({
      signer: payer,
      path: "/api/payment",
      text: JSON.stringify(body),
    });
    const own = await postPayment(body, { ...key, ...proof });
    expect(own.status).toBe(200);
  });
});
