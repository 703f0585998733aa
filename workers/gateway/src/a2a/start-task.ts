import { type SendMessageRequest, type Task, TaskState } from "@a2a-js/sdk";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import { ERROR_CODE_NAMES, type ErrorCode } from "#shared/errors/codes";
import { addressSchema, ZERO_ADDRESS } from "#shared/schemas/address";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { newTransactionId } from "../execute/transaction-id.js";
import type { GatewayAnswer } from "../http/respond.js";
import { runDepsFor } from "../runs/run-deps.js";
import { runExecute } from "../runs/run-execute.js";
import { loadProcessSchema } from "../schema/process-schema.js";
import type { A2aCall } from "./a2a-call.js";
import { agentMessage, textPart } from "./a2a-parts.js";
import { inputOfMessage, textInputOf } from "./message-input.js";
import { paymentRequiredTask } from "./x402-task.js";

/** The metadata key naming the caller's account (docs/gateway.md, "A2A", "Who calls"). */
export const USER_ADDRESS_METADATA_KEY = "agentgate/userAddress";

/** A SendMessage's start: a run (a task the gateway keeps), or a task answered at once. */
export type StartedTask =
  | { kind: "run"; transactionId: string; accessToken: string }
  | { kind: "answered"; task: Task };

/**
 * SendMessage's first step (docs/gateway.md, "A2A"): the message's input as the execute's
 * `data`, admitted by the one admission step every transport uses (runExecute, started as
 * `Prefer: respond-async` starts it). A paid process without a usable payment answers the
 * a2a-x402 offer; any other refusal is a `rejected` task saying why, but data the schema refuses
 * is invalid params, and the gateway's own faults are errors.
 */
export async function startTask(args: {
  call: A2aCall;
  request: SendMessageRequest;
}): Promise<Result<StartedTask>> {
  const { call, request } = args;
  const { env, processId } = call;
  const message = request.message;
  if (message === undefined)
    return fail(appError("validation_failed", "params.message is required"));
  if (message.taskId !== "") {
    return fail(
      appError("validation_failed", "a task takes one message: send a new one without taskId"),
    );
  }
  const userAddress = userAddressOf({ ...request.metadata, ...message.metadata });
  if (!userAddress.ok) return userAddress;
  const data = await inputOfMessage({
    message,
    textInput: async () => {
      const schema = await loadProcessSchema({ env, processId });
      return textInputOf(schema.ok ? (schema.value?.inputSchema ?? null) : null);
    },
  });
  if (!data.ok) return data;
  const made = runDepsFor({ env, processId, userAddress: userAddress.value });
  if (!made.ok) return answered(made.answer);
  const body = { userAddress: userAddress.value, data: data.value };
  const answer = await runExecute({
    request: {
      processId,
      body,
      rawBody: call.rawBody,
      headers: call.headers,
      path: call.path,
      idempotencyKey: null,
      payment: null,
      speaksX402: true,
      resourceUrl: call.url,
      origin: call.origin,
      respondAsync: true,
    },
    deps: made.deps,
  });
  return answered(answer);
}

function answered(answer: GatewayAnswer): Result<StartedTask> {
  if (answer.status === 202) {
    const accepted = runAcceptedResponseSchema.parse(answer.body);
    return ok({ kind: "run", ...accepted });
  }
  if (answer.status === 402 && answer.x402?.required !== undefined) {
    return ok({ kind: "answered", task: paymentRequiredTask(answer.x402.required) });
  }
  const error = errorOfAnswer(answer);
  if (error.code === "validation_failed") return fail(error);
  if (answer.status >= 500 && error.code !== "agent_unavailable") return fail(error);
  return ok({ kind: "answered", task: rejectedTask(error) });
}

/** A refusal as a task in `rejected`: nothing ran, and nothing is kept under its id. */
function rejectedTask(error: AppError): Task {
  const id = newTransactionId();
  return {
    id,
    contextId: id,
    status: {
      state: TaskState.TASK_STATE_REJECTED,
      message: agentMessage({
        taskId: id,
        parts: [textPart(error.message ?? error.code)],
        metadata: { "agentgate/code": error.code },
      }),
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [],
    metadata: undefined,
  };
}

/** The AppError an execute answer's body carries (`code`, `error`, `details`). */
function errorOfAnswer(answer: GatewayAnswer): AppError {
  const { code, error, details } = answer.body;
  const known =
    ERROR_CODE_NAMES.find((name): name is ErrorCode => name === code) ?? "internal_error";
  return appError(
    known,
    typeof error === "string" ? error : undefined,
    typeof details === "object" && details !== null ? { ...details } : undefined,
  );
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
