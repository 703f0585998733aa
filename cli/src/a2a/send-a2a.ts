/**
 * `agentgate a2a send` (README.md, "a2a send"): the process's card from the gateway, then
 * SendMessage (or SendStreamingMessage) with the unmodified A2A SDK client, the a2a-x402
 * extension activated; a paid process's a2a-x402 offer is paid with the CLI's key and the message
 * sent again with the payment (docs/gateway.md, "Payment (a2a-x402 v0.2)").
 */
import { SendMessageRequest, type SendMessageResult, type Task } from "@a2a-js/sdk";
import {
  type Client,
  ClientFactory,
  type RequestOptions,
  ServiceParameters,
  withA2AExtensions,
} from "@a2a-js/sdk/client";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";
import { escrowPaymentPayload } from "#shared/x402/escrow-client";
import type { CommonArgValues } from "../args/common-args.js";
import { CliError, usageError } from "../errors/cli-error.js";
import type { Output } from "../output/output.js";
import { eventLine } from "../runs/run-live-view.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { gatewayUrl } from "../runtime/gateway-client.js";
import { foldEvent, offerOf, receiptOf, runEventOf } from "./a2a-task.js";
import { payOffer } from "./pay-offer.js";

export interface A2aSendArgs {
  gateway: URL;
  processId: string;
  data: Record<string, unknown>;
  /** Pays a paid process, and names the caller (`agentgate/userAddress`). */
  signer: Ed25519Signer | undefined;
  /** The network and key options: a payment is built against the ledger they name. */
  values: CommonArgValues;
  async: boolean;
  stream: boolean;
  out: Output;
}

/** The task the gateway answered last (ended, or at once with --async) and the payment's receipt. */
export interface A2aSent {
  task: Task;
  /** The SettleResponse of a paid task; null for a free one. */
  receipt: unknown;
}

export async function sendA2a(args: A2aSendArgs): Promise<A2aSent> {
  const client = await clientOf(args);
  const payer = args.signer?.accountAddress.toStringLong();
  const first = await exchange(args, client, {
    ...(payer === undefined ? {} : { metadata: { "agentgate/userAddress": payer } }),
  });
  const offer = offerOf(first.task);
  if (offer === undefined) return first;
  if (args.signer === undefined) {
    throw usageError(`${args.processId} is paid: give a key (-p/--private-key, --profile) to pay`);
  }
  if (offer === null) {
    throw new CliError("unexpected", `${args.processId}: the gateway's offer cannot be read`);
  }
  const { accepted } = offer;
  const signed = await payOffer({
    values: args.values,
    signer: args.signer,
    processId: args.processId,
    taskId: first.task.id,
    accepted,
    extra: offer.extra,
  });
  const payment = escrowPaymentPayload(accepted, signed);
  args.out.note(`paying ${accepted.amount} octas for task ${first.task.id}`);
  return exchange(args, client, {
    taskId: first.task.id,
    metadata: { "x402.payment.status": "payment-submitted", "x402.payment.payload": payment },
  });
}

async function clientOf(args: A2aSendArgs): Promise<Client> {
  const card = gatewayUrl(
    args.gateway,
    `/a2a/${encodeURIComponent(args.processId)}/.well-known/agent-card.json`,
  );
  try {
    return await new ClientFactory().createFromUrl(card.href, "");
  } catch (error) {
    throw new CliError(
      "unreachable",
      `a2a send: no agent card at ${card.href}: ${messageOf(error)}`,
    );
  }
}

/**
 * Every message activates the a2a-x402 extension, which this client speaks: a paid process
 * refuses a message that does not (docs/gateway.md, "Payment (a2a-x402 v0.2)"), a free one
 * ignores it. The SDK sends it under the header name of the version it speaks.
 */
const ACTIVATES_X402: RequestOptions = {
  serviceParameters: ServiceParameters.create(withA2AExtensions(A2A_X402_EXTENSION)),
};

/** One message out, and the task it answers (a stream's events folded into it). */
async function exchange(
  args: A2aSendArgs,
  client: Client,
  message: Record<string, unknown>,
): Promise<A2aSent> {
  const request = SendMessageRequest.fromJSON({
    message: {
      messageId: crypto.randomUUID(),
      role: "ROLE_USER",
      parts: [{ data: args.data }],
      ...message,
    },
    ...(args.async ? { configuration: { returnImmediately: true } } : {}),
  });
  try {
    if (!args.stream || args.async) {
      const task = taskOf(await client.sendMessage(request, ACTIVATES_X402));
      return { task, receipt: receiptOf(task) };
    }
    let task: Task | undefined;
    // A streamed paid task carries its receipt in its first event only (the submitted task).
    let receipt: unknown = null;
    for await (const event of client.sendMessageStream(request, ACTIVATES_X402)) {
      task = foldEvent(task, event);
      receipt = receipt ?? (task === undefined ? null : receiptOf(task));
      if (event.payload?.$case === "statusUpdate") {
        const runEvent = runEventOf(event.payload.value);
        const line = runEvent === undefined ? undefined : eventLine(runEvent);
        if (line !== undefined) args.out.note(line);
      }
    }
    return { task: taskOf(task), receipt };
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError("refused", `a2a send ${args.processId}: ${messageOf(error)}`);
  }
}

/** The answer as a task: the gateway never answers a bare Message (a task is one run). */
function taskOf(result: SendMessageResult | undefined): Task {
  if (result !== undefined && "status" in result) return result;
  throw new CliError("unexpected", "a2a send: the gateway answered no task");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
