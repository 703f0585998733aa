import { env } from "cloudflare:test";
import type { Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTCOME } from "#shared/contract/status";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { X402_MEDIA_TYPE } from "#shared/x402/transport";
import { runStub } from "../../src/runs/run-stub.js";
import {
  address,
  execute,
  fundedAccount,
  ledger,
  operator,
  PRICE,
} from "../support/ledger-fixtures.js";
import { operatedProcess, waitForOutcome } from "../support/operated-process.js";
import { paymentRequiredOf, paymentResponseOf, signOffered } from "../support/x402-client.js";

// Pay and run in one request with Prefer: respond-async (docs/gateway.md, "Runs"): the 202
// carries the committed payment's receipt; the run goes on, is delivered and reported.

async function offer(processId: string, payer: Account) {
  const res = await execute({
    processId,
    body: { userAddress: address(payer), data: { ask: true } },
    signer: null,
    headers: { accept: X402_MEDIA_TYPE },
  });
  expect(res.status).toBe(402);
  return paymentRequiredOf(res);
}

describe("an x402 payment with Prefer: respond-async", () => {
  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });

  it("answers 202 with PAYMENT-RESPONSE; the run is delivered and reported", async () => {
    const { processId } = await operatedProcess(PRICE);
    const payer = await fundedAccount();
    const paid = signOffered(payer, await offer(processId, payer));
    const res = await execute({
      processId,
      body: { userAddress: address(payer), data: { text: "async" } },
      signer: null,
      headers: { ...paid.headers, prefer: "respond-async" },
    });
    expect(res.status).toBe(202);
    const accepted = runAcceptedResponseSchema.parse(await res.json());
    expect(accepted.taskId).toBe(paid.taskId);
    expect(paymentResponseOf(res)).toMatchObject({ success: true, payer: address(payer) });
    const ended = await runStub(env, accepted.transactionId).awaitEnd();
    expect(ended).toMatchObject({ status: "completed", outcome: { delivered: true } });
    const record = await waitForOutcome({ processId, taskId: paid.taskId, payer: address(payer) });
    expect(record.outcome).toBe(OUTCOME.DELIVERED);
  });
});
