import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { parsePaymentRequired } from "@x402/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTCOME, PAYMENT_STATUS } from "#shared/contract/status";
import { MCP_PAYMENT_RESPONSE_META_KEY, type PaymentRequired } from "#shared/x402/transport";
import { taskRefOf } from "../../src/mcp/task-id.js";
import { streamingProcess } from "../support/hostile-processes.js";
import {
  address,
  fundedAccount,
  ledger,
  operator,
  PRICE,
  processOwner,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { connectSdkClient } from "../support/mcp-sdk-client.js";
import { waitForOutcome } from "../support/operated-process.js";
import { watchRunUntil } from "../support/run-events.js";
import { ownMakePayment, paymentPayload } from "../support/x402-client.js";

// A paid MCP task follows the runs' cancel rule (docs/gateway.md, "Canceling a run"): canceled
// before its agent starts, it is reported FAILED and refunded; once the agent works, no cancel.

/** tools/call as a task; the JSON-RPC error when the call is refused. */
function callAsTask(client: Client, params: Record<string, unknown>) {
  return client.request(
    { method: "tools/call", params: { ...params, task: {} } },
    CreateTaskResultSchema,
  );
}

/** The payment-required error of a task call without payment: x402's code and its offer. */
async function offerOf(client: Client, processId: string): Promise<PaymentRequired> {
  const refused = await callAsTask(client, { name: processId, arguments: {} }).catch((e) => e);
  expect(refused).toBeInstanceOf(McpError);
  expect(refused.code).toBe(402);
  const parsed = parsePaymentRequired(refused.data);
  expect(parsed.success).toBe(true);
  return refused.data as PaymentRequired;
}

/** A paid task: its id, its run's transaction id and the payment's task id on the ledger. */
async function paidTask(client: Client, processId: string, payer: Ed25519Account) {
  const accepted = (await offerOf(client, processId)).accepts[0];
  if (accepted === undefined) throw new Error("no requirement offered");
  const paymentTaskId = uniqueId("mcp-task");
  const signed = await ownMakePayment({ payer, processId, taskId: paymentTaskId, amount: PRICE });
  const created = await callAsTask(client, {
    name: processId,
    arguments: { nonce: crypto.randomUUID() },
    _meta: { "x402/payment": paymentPayload(accepted, signed) },
  });
  expect(created._meta?.[MCP_PAYMENT_RESPONSE_META_KEY]).toMatchObject({ success: true });
  const ref = taskRefOf(created.task.taskId);
  if (ref === null) throw new Error("a task id that names no run");
  return { taskId: created.task.taskId, transactionId: ref.transactionId, paymentTaskId };
}

describe("paid MCP tasks", () => {
  let client: Client;
  let payer: Ed25519Account;

  beforeAll(async () => {
    ({ client } = await connectSdkClient());
    payer = await fundedAccount();
    // The owner pays the gas of registering the processes, the operator that of claims and reports.
    await ledger.fund({ address: address(processOwner), amount: 1_000_000_000n });
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  });
  afterAll(() => client.close());

  it("cancels a paid task whose agent has not started: cancelled, reported FAILED, and refundable", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-queued",
      paid: true,
    });
    const task = await paidTask(client, processId, payer);
    // Working once asked, then submitted again when the agent says it is queued.
    await watchRunUntil(
      task.transactionId,
      (seen) => seen.filter((s) => s === "submitted").length === 2,
    );
    expect(await client.experimental.tasks.getTask(task.taskId)).toMatchObject({
      status: "working",
      statusMessage: "submitted: its agent has not started",
    });
    const canceled = await client.experimental.tasks.cancelTask(task.taskId);
    expect(canceled).toMatchObject({ taskId: task.taskId, status: "cancelled" });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result).toMatchObject({ isError: true, structuredContent: { code: "run_canceled" } });
    const record = await waitForOutcome({
      processId,
      taskId: task.paymentTaskId,
      payer: address(payer),
    });
    expect(record.outcome).toBe(OUTCOME.FAILED);
    await ledger.requestRefund(payer, { processId, taskId: task.paymentTaskId });
    const after = await ledger.getPaymentRecord({
      processId,
      taskId: task.paymentTaskId,
      payer: address(payer),
    });
    expect(after?.status).toBe(PAYMENT_STATUS.REFUNDED);
  });

  it("refuses to cancel a paid task its agent works on: it ends delivered, no refund", async () => {
    const processId = await streamingProcess({
      owner: processOwner,
      behaviour: "stream-slow",
      paid: true,
    });
    const task = await paidTask(client, processId, payer);
    await watchRunUntil(task.transactionId, (seen) => seen.includes("progress"));
    await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toSatisfy(
      (error) =>
        error instanceof McpError &&
        error.code === ErrorCode.InvalidParams &&
        error.message.includes("cannot be canceled once its agent has started"),
    );
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toMatchObject({ success: true, status: "completed" });
    const record = await waitForOutcome({
      processId,
      taskId: task.paymentTaskId,
      payer: address(payer),
    });
    expect(record.outcome).toBe(OUTCOME.DELIVERED);
    await expect(
      ledger.requestRefund(payer, { processId, taskId: task.paymentTaskId }),
    ).rejects.toThrow();
  });
});
