import type { Message, SendMessageRequest } from "@a2a-js/sdk";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { addressSchema } from "#shared/schemas/address";
import { ZERO_ADDRESS } from "#shared/schemas/address-format";
import type { JsonObject } from "#shared/schemas/common";
import type { PaymentPayload } from "#shared/x402/transport";
import { ledgerChainId } from "../ledger/chain-id.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { runDepsFor } from "../runs/run-deps.js";
import { runExecute } from "../runs/run-execute.js";
import { loadProcessSchema } from "../schema/process-schema.js";
import type { A2aCall } from "./a2a-call.js";
import { inputOfMessage, textInputOf } from "./message-input.js";
import { type StartedTask, taskOfAnswer } from "./task-answer.js";
import { extensionRequired, type X402Activation } from "./x402-activation.js";
import { paymentSubmissionOf } from "./x402-submission.js";
import { paymentFailedTask } from "./x402-task.js";

/** The metadata key naming the caller's account (docs/gateway.md, "A2A", "Who calls"). */
export const USER_ADDRESS_METADATA_KEY = "agentgate/userAddress";

/**
 * SendMessage's first step (docs/gateway.md, "A2A"): a new task, or the payment of an offered
 * one (a message naming the offer's task id), admitted by the one admission step every transport
 * uses (runExecute, started as `Prefer: respond-async` starts it). A blocking SendMessage's free
 * run runs in its request, as a blocking execute's does, and is kept once it ended.
 */
export async function startTask(args: {
  call: A2aCall;
  request: SendMessageRequest;
  activation: X402Activation;
  /** A SendMessage that answers the task's end (not streaming, not returnImmediately). */
  blocking: boolean;
}): Promise<Result<StartedTask>> {
  const { call, request, activation, blocking } = args;
  const message = request.message;
  if (message === undefined) {
    return fail(appError("validation_failed", "params.message is required"));
  }
  if (message.taskId !== "") {
    // Settling a payment is the extension's: a caller proof alone does not open it.
    if (activation === "proof_only") return fail(extensionRequired());
    return payOfferedTask({ call, message, blocking });
  }
  const userAddress = userAddressOf({ ...request.metadata, ...message.metadata });
  if (!userAddress.ok) return userAddress;
  const data = await inputOf(call, message);
  if (!data.ok) return data;
  return admitTask({
    call,
    userAddress: userAddress.value,
    data: data.value,
    payment: null,
    blocking,
    // Nor does it open an offer: a proof's payer runs on a payment already made, or is told how.
    offers: activation !== "proof_only",
  });
}

/**
 * A message to an offered task: its a2a-x402 payment (x402-submission.ts), by its payer, for the
 * input the message carries again. A refused payment is `payment-failed`, and nothing runs.
 */
async function payOfferedTask(args: {
  call: A2aCall;
  message: Message;
  blocking: boolean;
}): Promise<Result<StartedTask>> {
  const { call, message } = args;
  const ledger = gatewayLedger(call.env);
  const submission = paymentSubmissionOf({
    message,
    moduleAddress: ledger.moduleAddress(),
    chainId: await ledgerChainId(ledger),
  });
  if (submission === null) {
    return fail(
      appError(
        "validation_failed",
        "a task takes one message; a message to an offered task submits its payment (x402.payment.status: payment-submitted)",
      ),
    );
  }
  if (submission.kind === "refused") {
    const task = paymentFailedTask({ taskId: message.taskId, ...submission });
    return ok({ kind: "answered", task });
  }
  const data = await inputOf(call, message);
  if (!data.ok) return data;
  return admitTask({
    call,
    userAddress: submission.payer,
    data: data.value,
    payment: submission.payment,
    blocking: args.blocking,
    paidTaskId: message.taskId,
    offers: true,
  });
}

async function admitTask(args: {
  call: A2aCall;
  userAddress: string;
  data: JsonObject;
  payment: PaymentPayload | null;
  blocking: boolean;
  paidTaskId?: string;
  /** Whether a paid process without a usable payment answers the a2a-x402 offer. */
  offers: boolean;
}): Promise<Result<StartedTask>> {
  const { call, userAddress, paidTaskId } = args;
  const { processId } = call;
  const made = runDepsFor({ env: call.env, processId, userAddress });
  if (!made.ok) return taskOfAnswer({ answer: made.answer });
  const answer = await runExecute({
    request: {
      processId,
      body: { userAddress, data: args.data },
      rawBody: call.rawBody,
      headers: call.headers,
      path: call.path,
      idempotencyKey: null,
      payment: args.payment,
      speaksX402: true,
      resourceUrl: call.url,
      origin: call.origin,
      respondAsync: true,
      ...(args.blocking ? { blockingTask: call.afterAnswer } : {}),
    },
    deps: made.deps,
  });
  if (answer.status === 402 && !args.offers) return fail(extensionRequired());
  return taskOfAnswer({ answer, ...(paidTaskId === undefined ? {} : { paidTaskId }) });
}

/** The execute `data` of a message; a text part is read by the process's input schema. */
function inputOf(call: A2aCall, message: Message): Promise<Result<JsonObject>> {
  return inputOfMessage({
    message,
    textInput: async () => {
      const schema = await loadProcessSchema({ env: call.env, processId: call.processId });
      return textInputOf(schema.ok ? (schema.value?.inputSchema ?? null) : null);
    },
  });
}

function userAddressOf(metadata: Record<string, unknown>): Result<string> {
  const given = metadata[USER_ADDRESS_METADATA_KEY];
  if (given === undefined) return ok(ZERO_ADDRESS);
  const parsed = addressSchema.safeParse(given);
  if (!parsed.success) {
    return fail(
      appError(
        "validation_failed",
        `metadata["${USER_ADDRESS_METADATA_KEY}"] must be an account address`,
      ),
    );
  }
  return ok(parsed.data);
}
