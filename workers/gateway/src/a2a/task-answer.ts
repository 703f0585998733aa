import { type Task, TaskState } from "@a2a-js/sdk";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import { ERROR_CODE_NAMES, type ErrorCode } from "#shared/errors/codes";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import type { SettleResponse } from "#shared/x402/transport";
import { newTransactionId } from "../execute/transaction-id.js";
import type { GatewayAnswer } from "../http/respond.js";
import type { ExecuteAnswer } from "../runs/run-execute.js";
import { agentMessage, textPart } from "./a2a-parts.js";
import { taskOfRun } from "./task-of-run.js";
import type { X402ErrorCode } from "./x402-submission.js";
import { paymentFailedTask, paymentRequiredTask } from "./x402-task.js";

/** A SendMessage's start: a run (a task the gateway keeps), or a task answered at once. */
export type StartedTask =
  | { kind: "run"; transactionId: string; accessToken: string; receipt?: SettleResponse }
  | { kind: "answered"; task: Task };

/**
 * The task an execute answer makes (docs/gateway.md, "A2A"): an admitted run; a blocking task's
 * run that ended in its request, that end; a paid process without a usable payment, the a2a-x402
 * offer; a payment message refused, `payment-failed`; any other refusal a `rejected` task saying
 * why. Data the schema refuses is invalid params, and the gateway's own faults are errors.
 */
export function taskOfAnswer(args: {
  answer: ExecuteAnswer;
  /** The offered task a payment message pays for, when it is one. */
  paidTaskId?: string;
}): Result<StartedTask> {
  const { answer, paidTaskId } = args;
  if (answer.kept !== undefined) {
    return ok({ kind: "answered", task: taskOfRun(answer.kept.record, answer.kept.accessToken) });
  }
  const receipt = answer.x402?.response;
  if (answer.status === 202) {
    const accepted = runAcceptedResponseSchema.parse(answer.body);
    return ok({ kind: "run", ...accepted, ...(receipt === undefined ? {} : { receipt }) });
  }
  const error = errorOfAnswer(answer);
  if (paidTaskId !== undefined) {
    const task = paymentFailedTask({
      taskId: paidTaskId,
      error: x402ErrorOf(error),
      message: error.message ?? error.code,
      receipt,
    });
    return ok({ kind: "answered", task });
  }
  if (answer.status === 402 && answer.x402?.required !== undefined) {
    return ok({ kind: "answered", task: paymentRequiredTask(answer.x402.required) });
  }
  if (error.code === "validation_failed") return fail(error);
  if (answer.status >= 500 && error.code !== "agent_unavailable") return fail(error);
  return ok({ kind: "answered", task: rejectedTask(error) });
}

/** The extension's error code for a refused payment (its "Common Error Codes"). */
function x402ErrorOf(error: AppError): X402ErrorCode {
  switch (error.code) {
    case "insufficient_funds":
      return "INSUFFICIENT_FUNDS";
    case "payment_already_claimed":
    case "payment_already_committed":
    case "payment_claimed_elsewhere":
      return "DUPLICATE_NONCE";
    case "payment_invalid":
      return "INVALID_SIGNATURE";
    default:
      return "SETTLEMENT_FAILED";
  }
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
