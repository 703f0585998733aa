import { env } from "cloudflare:test";
import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { runStub } from "../../src/runs/run-stub.js";
import { a2aRpc, a2aRpcAnswer, sendAsPayer } from "../support/a2a-requests.js";
import { streamingProcess } from "../support/hostile-processes.js";
import {
  address,
  fundedAccount,
  ledger,
  pay,
  processOwner,
  testProcess,
} from "../support/ledger-fixtures.js";
import { waitForOutcome } from "../support/operated-process.js";
import { watchRunUntil } from "../support/run-events.js";

// A paid A2A task of a payer who already paid (the caller proof over the A2A request), canceled
// by CancelTask under the runs' money rule (docs/gateway.md, "A2A", "Canceling a run").

/** Starts a paid task with the payer's proof, at once; its id and access token. */
async function startPaidTask(processId: string, payer: Ed25519Account) {
  const { task, bearer } = await sendAsPayer({ processId, payer, returnImmediately: true });
  return { id: task.id, bearer };
}

/**
 * The task states an A2A stream tells, in order (its first task's, then each status update's),
 * read until `enough` holds of the updates after the first, or the stream ends.
 */
async function streamStates(res: Response, enough: (updates: string[]) => boolean) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const states: string[] = [];
  let buffer = "";
  for (;;) {
    const next = await reader.read();
    if (next.done) return states;
    buffer += decoder.decode(next.value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines.filter((one) => one.startsWith("data:"))) {
      const { result } = z
        .object({
          result: z.looseObject({
            task: z.object({ status: z.object({ state: z.string() }) }).optional(),
            statusUpdate: z.object({ status: z.object({ state: z.string() }) }).optional(),
          }),
        })
        .parse(JSON.parse(line.slice(5)));
      const state = (result.task ?? result.statusUpdate)?.status.state;
      if (state !== undefined) states.push(state);
    }
    if (enough(states.slice(1))) {
      await reader.cancel();
      return states;
    }
  }
}

describe("CancelTask of a paid A2A task", () => {
  let payer: Ed25519Account;

  beforeAll(async () => {
    await testProcess("paid");
    payer = await fundedAccount();
  });

  it("cancels a task its agent has queued: canceled, FAILED on the ledger, and the payer refunds", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-queued",
      paid: true,
    });
    const taskId = await pay({ payer, processId });
    const task = await startPaidTask(processId, payer);
    await watchRunUntil(task.id, (seen) => seen.filter((s) => s === "submitted").length === 2);
    // A subscriber is told the task went back to submitted when the agent queued it: it has
    // not started, and can still be canceled for a refund.
    const subscribed = await a2aRpc({
      processId,
      method: "SubscribeToTask",
      params: { id: task.id },
      headers: task.bearer,
    });
    const told = await streamStates(subscribed, (states) =>
      states.includes("TASK_STATE_SUBMITTED"),
    );
    expect(told).toEqual(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_SUBMITTED"]);
    const canceled = await a2aRpcAnswer({
      processId,
      method: "CancelTask",
      params: { id: task.id },
      headers: task.bearer,
    });
    expect(canceled.result).toMatchObject({
      id: task.id,
      status: { state: "TASK_STATE_CANCELED" },
    });
    const record = await waitForOutcome({ processId, taskId, payer: address(payer) });
    expect(record.outcome).toBe(OUTCOME.FAILED);
    await ledger.requestRefund(payer, { processId, taskId });
    const after = await ledger.getPaymentRecord({ processId, taskId, payer: address(payer) });
    expect(after?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("refuses to cancel a task whose work the payer watched: not cancelable, no refund", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-slow",
      paid: true,
    });
    const taskId = await pay({ payer, processId });
    const task = await startPaidTask(processId, payer);
    await watchRunUntil(task.id, (seen) => seen.includes("progress") && seen.includes("log"));
    const refused = await a2aRpcAnswer({
      processId,
      method: "CancelTask",
      params: { id: task.id },
      headers: task.bearer,
    });
    expect(refused.error?.code).toBe(-32002);
    const ended = await runStub(env, task.id).awaitEnd();
    expect(ended).toMatchObject({ status: "completed" });
    await expect(ledger.requestRefund(payer, { processId, taskId })).rejects.toThrow();
  });
});
