import { env } from "cloudflare:test";
import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { runStub } from "../../src/runs/run-stub.js";
import { streamingProcess } from "../support/hostile-processes.js";
import {
  address,
  execute,
  fundedAccount,
  ledger,
  pay,
  processOwner,
  testProcess,
} from "../support/ledger-fixtures.js";
import { waitForOutcome } from "../support/operated-process.js";
import { readRunEvents, watchRunUntil } from "../support/run-events.js";

// The cancel money rule (docs/gateway.md, "Canceling a run"): a free run any time before its end;
// a paid run only while the agent has not started (then FAILED: the payer refunds); a paid run
// the agent works on, or any final run, is not cancelable.

/** Starts a run with Prefer: respond-async and answers its transaction id. */
async function startAsync(args: {
  processId: string;
  user: Ed25519Account;
  signer?: Ed25519Account;
}): Promise<string> {
  const res = await execute({
    processId: args.processId,
    body: { userAddress: address(args.user), data: { nonce: crypto.randomUUID() } },
    headers: { prefer: "respond-async" },
    ...(args.signer === undefined ? {} : { signer: args.signer }),
  });
  expect(res.status).toBe(202);
  return runAcceptedResponseSchema.parse(await res.json()).transactionId;
}

describe("canceling a run", () => {
  let user: Ed25519Account;

  beforeAll(async () => {
    await testProcess("paid");
    user = await fundedAccount();
  });

  it("cancels a free run the agent works on: canceled, its call stopped, SPEC's answer says so", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-queued",
      paid: false,
    });
    const transactionId = await startAsync({ processId, user });
    const run = runStub(env, transactionId);
    await watchRunUntil(transactionId, (seen) => seen.includes("working"));
    const canceled = await run.cancel();
    expect(canceled).toMatchObject({ ok: true, run: { status: "canceled", code: "run_canceled" } });
    const ended = await run.awaitEnd();
    expect(ended).toMatchObject({ status: "canceled", outcome: null });
    expect(await run.answer()).toMatchObject({
      status: 400,
      body: { success: false, status: "failed", code: "run_canceled", transactionId },
    });
    // A final run is not cancelable.
    expect(await run.cancel()).toEqual({ ok: false, code: "run_not_cancelable" });
    const { events, closed } = await readRunEvents(await run.fetch("https://run/events"));
    expect(closed).toBe(true);
    expect(events.at(-2)?.data).toEqual({ type: "status", status: "canceled" });
  });

  it("cancels a paid run queued at the agent: FAILED on the ledger, and the payer refunds", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-queued",
      paid: true,
    });
    const taskId = await pay({ payer: user, processId });
    const transactionId = await startAsync({ processId, user, signer: user });
    // Working once asked, then submitted again when the agent says it is queued.
    await watchRunUntil(
      transactionId,
      (seen) => seen.filter((s) => s === "submitted").length === 2,
    );
    const canceled = await runStub(env, transactionId).cancel();
    expect(canceled).toMatchObject({
      ok: true,
      run: { status: "canceled", outcome: { delivered: false, reported: true } },
    });
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record.outcome).toBe(OUTCOME.FAILED);
    await ledger.requestRefund(user, { processId, taskId });
    const after = await ledger.getPaymentRecord({ processId, taskId, payer: address(user) });
    expect(after?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("refuses to cancel a paid run whose progress the payer watched: no refund for seen work", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-slow",
      paid: true,
    });
    const taskId = await pay({ payer: user, processId });
    const transactionId = await startAsync({ processId, user, signer: user });
    const run = runStub(env, transactionId);
    // The attack: watch the work stream in, then cancel to get the payment back.
    await watchRunUntil(transactionId, (seen) => seen.includes("progress") && seen.includes("log"));
    expect(await run.cancel()).toEqual({ ok: false, code: "run_not_cancelable" });
    // The run goes on to its end, delivered, and the payment cannot be refunded.
    const ended = await run.awaitEnd();
    expect(ended).toMatchObject({
      status: "completed",
      outcome: { delivered: true, reported: true },
    });
    const record = await waitForOutcome({ processId, taskId, payer: address(user) });
    expect(record.outcome).toBe(OUTCOME.DELIVERED);
    await expect(ledger.requestRefund(user, { processId, taskId })).rejects.toThrow();
  });

  it("answers run_not_found for a run that does not exist", async () => {
    expect(await runStub(env, crypto.randomUUID()).cancel()).toEqual({
      ok: false,
      code: "run_not_found",
    });
  });
});
