/**
 * Requests the A2A e2e files make with the unmodified @a2a-js/sdk client (docs/gateway.md,
 * "A2A"): a message request, a task read from an answer, the bearer of a task's access token, and
 * a paid task's two messages through the a2a-x402 extension, paid by the documented signer.
 */
import { SendMessageRequest, type Task, type TaskState } from "@a2a-js/sdk";
import { type Client, ServiceParameters, withA2AExtensions } from "@a2a-js/sdk/client";
import { expect, vi } from "vitest";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";
import type { SettleResponse } from "#shared/x402/transport";
import type { TestAccount } from "./accounts.js";
import { paymentForOffer } from "./offer-signer.js";

/** A SendMessageRequest as the SDK's own codec reads one (A2A 1.0 JSON). */
export function messageRequest(
  message: Record<string, unknown>,
  configuration?: Record<string, unknown>,
) {
  return SendMessageRequest.fromJSON({
    message: { messageId: crypto.randomUUID(), role: "ROLE_USER", ...message },
    ...(configuration === undefined ? {} : { configuration }),
  });
}

export function asTask(result: unknown): Task {
  if (typeof result !== "object" || result === null || !("status" in result)) {
    throw new Error(`not a task: ${JSON.stringify(result)}`);
  }
  return result as Task;
}

/** The access token the first answer carries, as the header GetTask and CancelTask take. */
export const bearer = (task: Task) => ({
  serviceParameters: {
    authorization: `Bearer ${String(task.metadata?.["agentgate/accessToken"])}`,
  },
});

/** The options of a paid request: the a2a-x402 extension activated (its `A2A-Extensions` header). */
export const x402Activated = {
  serviceParameters: ServiceParameters.create(withA2AExtensions(A2A_X402_EXTENSION)),
};

/** The offer a task in `input-required` carries in its status message. */
export function offeredPayment(offer: Task): unknown {
  return offer.status?.message?.metadata?.["x402.payment.required"];
}

/** The receipt of a task whose payment settled (`payment-completed`). */
export function receiptOf(task: Task): SettleResponse | undefined {
  const metadata = task.status?.message?.metadata ?? {};
  if (metadata["x402.payment.status"] !== "payment-completed") return undefined;
  return (metadata["x402.payment.receipts"] as SettleResponse[])[0];
}

/** A paid task: the process's client, who pays, the input and the request's configuration. */
type PaidTaskArgs = {
  client: Client;
  payer: TestAccount;
  data: Record<string, unknown>;
  configuration?: Record<string, unknown>;
};

/**
 * A paid task's first message, answered with the offer (a task in `input-required`), and the
 * follow-up that pays it: the offered make_payment signed by `payer`, the input again. The caller
 * sends the follow-up (SendMessage or SendStreamingMessage) with `x402Activated`.
 */
export async function offeredTask(
  args: PaidTaskArgs,
): Promise<{ offer: Task; payment: SendMessageRequest }> {
  const { payer, data } = args;
  const offer = asTask(
    await args.client.sendMessage(
      messageRequest({ parts: [{ data }], metadata: { "agentgate/userAddress": payer.address } }),
      x402Activated,
    ),
  );
  const payload = await paymentForOffer({ offered: offeredPayment(offer), key: payer.key });
  const payment = messageRequest(
    {
      taskId: offer.id,
      parts: [{ data }],
      metadata: { "x402.payment.status": "payment-submitted", "x402.payment.payload": payload },
    },
    args.configuration,
  );
  return { offer, payment };
}

/**
 * A paid task: its offer, and the answer to the follow-up that pays it (SendMessage, with the
 * extension activated), whose payment settled.
 */
export async function paidTask(args: PaidTaskArgs): Promise<{ offer: Task; task: Task }> {
  const { offer, payment } = await offeredTask(args);
  const task = asTask(await args.client.sendMessage(payment, x402Activated));
  expect(receiptOf(task)).toMatchObject({ success: true, payer: args.payer.address });
  return { offer, task };
}

/** A task once in `state`, read with GetTask and the task's token. */
export function taskOnceState(client: Client, task: Task, state: TaskState): Promise<Task> {
  return vi.waitFor(
    async () => {
      const now = await client.getTask({ id: task.id, tenant: "" }, bearer(task));
      expect(now.status?.state).toBe(state);
      return now;
    },
    { timeout: 60_000, interval: 200 },
  );
}
