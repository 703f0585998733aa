import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { X402_MEDIA_TYPE } from "#shared/x402/transport";
import { streamingProcess } from "../support/hostile-processes.js";
import {
  address,
  execute,
  fundedAccount,
  pay,
  processOwner,
  testProcess,
} from "../support/ledger-fixtures.js";
import { paymentRequiredOf, signOffered } from "../support/x402-client.js";

// An x402 client that pays for a second run while its first is still going (docs/gateway.md,
// "Execute", step 6): the first payment is claimed and its outcome not on the ledger yet, so it
// still looks usable on the ledger; it is not, and the client is offered a new payment rather
// than asked for a caller proof it has no payment to use with.

const X402 = { accept: X402_MEDIA_TYPE };

async function ask(processId: string, payer: Ed25519Account) {
  return execute({
    processId,
    body: { userAddress: address(payer), data: { nonce: crypto.randomUUID() } },
    signer: null,
    headers: X402,
  });
}

async function payAndStart(processId: string, payer: Ed25519Account) {
  const offered = await ask(processId, payer);
  expect(offered.status).toBe(402);
  const paid = signOffered(payer, paymentRequiredOf(offered));
  const res = await execute({
    processId,
    body: { userAddress: address(payer), data: { nonce: crypto.randomUUID() } },
    signer: null,
    headers: { ...paid.headers, prefer: "respond-async" },
  });
  expect(res.status).toBe(202);
}

describe("a second x402 payment while the first run goes on", () => {
  let processId: string;

  beforeAll(async () => {
    await testProcess("paid"); // funds the operator and the owner
    processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-queued",
      paid: true,
    });
  });

  it("is offered (402), not asked for a caller proof, and pays and starts a second run", async () => {
    const payer = await fundedAccount();
    await payAndStart(processId, payer);
    const second = await ask(processId, payer);
    expect(second.status).toBe(402);
    expect(paymentRequiredOf(second).accepts[0]?.extra?.taskId).toBeTypeOf("string");
    await payAndStart(processId, payer);
  });

  it("still asks for the caller proof when a payment no run claimed is usable", async () => {
    const payer = await fundedAccount();
    await payAndStart(processId, payer);
    await pay({ payer, processId });
    const res = await ask(processId, payer);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: "unauthorized" });
  });
});
