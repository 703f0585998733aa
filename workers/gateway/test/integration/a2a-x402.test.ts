import { parsePaymentRequired } from "@x402/core/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";
import type { PaymentRequired } from "#shared/x402/transport";
import { a2aRpc, dataMessage } from "../support/a2a-requests.js";
import { address, fundedAccount, ledger, operator } from "../support/ledger-fixtures.js";
import { operatedProcess } from "../support/operated-process.js";
import { agentRunsOf } from "../support/run-counts.js";
import { paymentPayload, signOffered } from "../support/x402-client.js";

// A paid process over A2A (docs/gateway.md, "A2A", "Payment"): the a2a-x402 v0.2 flow on the
// escrow scheme, settled through the one admission step; a payment pays only its own task. The
// client activates the extension (a2a-x402-activation.test.ts: what happens when it does not).

const PRICE = 1_000n;

const statusMessageSchema = z.looseObject({
  metadata: z.record(z.string(), z.unknown()),
});
const taskSchema = z.looseObject({
  id: z.string(),
  status: z.looseObject({ state: z.string(), message: statusMessageSchema.optional() }),
  artifacts: z.array(z.unknown()).optional(),
});

async function sendMessage(args: {
  processId: string;
  message: Record<string, unknown>;
}): Promise<z.infer<typeof taskSchema>> {
  const res = await a2aRpc({
    processId: args.processId,
    method: "SendMessage",
    params: { message: args.message },
    headers: { "a2a-extensions": A2A_X402_EXTENSION },
  });
  // Activated by the client, echoed by the gateway on every answer of the flow.
  expect(res.headers.get("a2a-extensions")).toBe(A2A_X402_EXTENSION);
  const body = z.object({ result: z.object({ task: z.unknown() }) }).parse(await res.json());
  return taskSchema.parse(body.result.task);
}

/** The offer of a paid task, for `payer`: the task in input-required and the PaymentRequired. */
async function offer(processId: string, payer: string, data: Record<string, unknown>) {
  const task = await sendMessage({
    processId,
    message: dataMessage(data, { "agentgate/userAddress": payer }),
  });
  expect(task.status.state, JSON.stringify(task.status)).toBe("TASK_STATE_INPUT_REQUIRED");
  const metadata = task.status.message?.metadata ?? {};
  expect(metadata["x402.payment.status"]).toBe("payment-required");
  const parsed = parsePaymentRequired(metadata["x402.payment.required"]);
  expect(parsed.success).toBe(true);
  return { task, required: metadata["x402.payment.required"] as PaymentRequired };
}

/** The follow-up message paying for `taskId` with `signedTransaction`, repeating the input. */
function paymentMessage(args: {
  taskId: string;
  required: PaymentRequired;
  signedTransaction: string;
  data: Record<string, unknown>;
}) {
  const accepted = args.required.accepts[0];
  if (accepted === undefined) throw new Error("no requirement offered");
  return {
    ...dataMessage(args.data, {
      "x402.payment.status": "payment-submitted",
      "x402.payment.payload": paymentPayload(accepted, args.signedTransaction),
    }),
    taskId: args.taskId,
  };
}

/** Sends the payment message for an offered task of `processId`: its answer, the task. */
function payFor(processId: string, args: Parameters<typeof paymentMessage>[0]) {
  return sendMessage({ processId, message: paymentMessage(args) });
}

describe("A2A SendMessage to a process that requires prepayment", () => {
  let processId: string;

  beforeAll(async () => {
    await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
    ({ processId } = await operatedProcess(PRICE));
  });

  it("answers input-required with the escrow offer the HTTP 402 gives, under the offered task id", async () => {
    const payer = await fundedAccount();
    const { task, required } = await offer(processId, address(payer), { n: 1 });
    expect(required.accepts[0]).toMatchObject({
      scheme: "escrow",
      amount: PRICE.toString(),
      extra: { processId, payer: address(payer), taskId: task.id },
    });
  });

  it("runs once on the payment message and completes with payment-completed and the receipt", async () => {
    const payer = await fundedAccount();
    const { task, required } = await offer(processId, address(payer), { hello: "paid" });
    const signed = signOffered(payer, required);
    const paid = await payFor(processId, {
      taskId: task.id,
      required,
      signedTransaction: signed.signedTransaction,
      data: { hello: "paid" },
    });
    expect(paid.status.state).toBe("TASK_STATE_COMPLETED");
    expect(paid.status.message?.metadata).toMatchObject({
      "x402.payment.status": "payment-completed",
      "x402.payment.receipts": [{ success: true, payer: address(payer) }],
    });
    expect(await agentRunsOf({ processId, taskId: task.id })).toHaveLength(1);
  });

  it("runs nothing when the payment is replayed on another task or by another caller", async () => {
    const payer = await fundedAccount();
    const { task, required } = await offer(processId, address(payer), {});
    const signed = signOffered(payer, required);
    const first = await payFor(processId, {
      taskId: task.id,
      required,
      signedTransaction: signed.signedTransaction,
      data: {},
    });
    expect(first.status.state).toBe("TASK_STATE_COMPLETED");

    // The same payment on another offered task (another caller's: this payer holds a usable
    // payment now, and would be asked for its caller proof): refused before anything is submitted.
    const other = await offer(processId, address(await fundedAccount()), {});
    const elsewhere = await payFor(processId, {
      taskId: other.task.id,
      required,
      signedTransaction: signed.signedTransaction,
      data: {},
    });
    expect(elsewhere.status.state).toBe("TASK_STATE_FAILED");
    expect(elsewhere.status.message?.metadata).toMatchObject({
      "x402.payment.status": "payment-failed",
      "x402.payment.error": "TASK_MISMATCH",
    });

    // The same message again, as anyone who saw it would send it: the payment is spent.
    const replay = await payFor(processId, {
      taskId: task.id,
      required,
      signedTransaction: signed.signedTransaction,
      data: { again: true },
    });
    expect(replay.status.state).toBe("TASK_STATE_FAILED");
    expect(replay.status.message?.metadata).toMatchObject({
      "x402.payment.status": "payment-failed",
      "x402.payment.error": "DUPLICATE_NONCE",
    });
    expect(await agentRunsOf({ processId, taskId: task.id })).toHaveLength(1);
    expect(await agentRunsOf({ processId, taskId: other.task.id })).toHaveLength(0);
  });

  it("answers a payment the ledger refuses with payment-failed, running nothing", async () => {
    const payer = await fundedAccount(1n);
    const { task, required } = await offer(processId, address(payer), {});
    const signed = signOffered(payer, required);
    const refused = await payFor(processId, {
      taskId: task.id,
      required,
      signedTransaction: signed.signedTransaction,
      data: {},
    });
    expect(refused.status.state).toBe("TASK_STATE_FAILED");
    expect(refused.status.message?.metadata?.["x402.payment.status"]).toBe("payment-failed");
    expect(await agentRunsOf({ processId, taskId: task.id })).toHaveLength(0);
  });
});
