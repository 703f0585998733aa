import type {
  AgentCard,
  CancelTaskRequest,
  GetTaskRequest,
  ListTasksRequest,
  ListTasksResponse,
  Message,
  SendMessageRequest,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from "@a2a-js/sdk";
import {
  ExtendedAgentCardNotConfiguredError,
  PushNotificationNotSupportedError,
  UnsupportedOperationError,
} from "@a2a-js/sdk/errors";
import type { A2ARequestHandler, ServerCallContext } from "@a2a-js/sdk/server";
import type { Result } from "#shared/errors/app-error";
import { FINAL_RUN_STATES } from "#shared/schemas/runs";
import { cancelRun } from "../runs/run-cancel.js";
import { runStub } from "../runs/run-stub.js";
import type { A2aCall } from "./a2a-call.js";
import { a2aErrorOf } from "./a2a-errors.js";
import { guarded, guardedStream } from "./a2a-fault.js";
import { listTasks } from "./list-tasks.js";
import { startTask } from "./start-task.js";
import { grantedTask } from "./task-access.js";
import type { StartedTask } from "./task-answer.js";
import { submittedTask, taskOfRun } from "./task-of-run.js";
import { taskStream } from "./task-stream.js";
import { activateX402 } from "./x402-activation.js";
import { withPaymentCompleted } from "./x402-task.js";

/**
 * The A2A request handler of one process at the gateway (docs/gateway.md, "A2A"), over the
 * durable runs: a task is a run, so every method reads or moves its run object and nothing is
 * kept in this isolate (a blocking SendMessage's free run runs in its request and is kept there
 * after: runs/keep-ended.ts). Built per request; the SDK's transports call it and turn the
 * errors it throws (a2a-errors.ts) into the binding's codes.
 */
export class RunRequestHandler implements A2ARequestHandler {
  constructor(
    private readonly call: A2aCall,
    private readonly card: AgentCard,
  ) {}

  async getAgentCard(): Promise<AgentCard> {
    return this.card;
  }

  async getAuthenticatedExtendedAgentCard(): Promise<AgentCard> {
    throw new ExtendedAgentCardNotConfiguredError();
  }

  sendMessage(params: SendMessageRequest, context?: ServerCallContext): Promise<Message | Task> {
    return guarded(() => this.send(params, context));
  }

  private async send(
    params: SendMessageRequest,
    context: ServerCallContext | undefined,
  ): Promise<Message | Task> {
    // Blocking unless asked otherwise (A2A 1.0: configuration.returnImmediately).
    const blocking = params.configuration?.returnImmediately !== true;
    const started = await this.start(params, context, blocking);
    if (started.kind === "answered") return started.task;
    const run = runStub(this.call.env, started.transactionId);
    const record = blocking ? await run.awaitEnd() : await run.read();
    if (record === null) throw a2aErrorOf({ code: "task_not_found" });
    const task = taskOfRun(record, started.accessToken);
    return started.receipt === undefined ? task : withPaymentCompleted(task, started.receipt);
  }

  sendMessageStream(
    params: SendMessageRequest,
    context?: ServerCallContext,
  ): AsyncGenerator<StreamResponse> {
    return guardedStream(this.sendStream(params, context));
  }

  private async *sendStream(
    params: SendMessageRequest,
    context: ServerCallContext | undefined,
  ): AsyncGenerator<StreamResponse> {
    const started = await this.start(params, context, false);
    if (started.kind === "answered") {
      yield { payload: { $case: "task", value: started.task } };
      return;
    }
    const run = runStub(this.call.env, started.transactionId);
    const task = submittedTask({ ...started, processId: this.call.processId });
    const first =
      started.receipt === undefined ? task : withPaymentCompleted(task, started.receipt);
    yield* taskStream({ task: first, run });
  }

  /** A message's task: the a2a-x402 activation first (x402-activation.ts), then its start. */
  private async start(
    params: SendMessageRequest,
    context: ServerCallContext | undefined,
    blocking: boolean,
  ): Promise<StartedTask> {
    const activation = valueOrThrow(
      activateX402({ card: this.card, context, headers: this.call.headers }),
    );
    return valueOrThrow(
      await startTask({ call: this.call, request: params, activation, blocking }),
    );
  }

  getTask(params: GetTaskRequest): Promise<Task> {
    return guarded(async () => {
      const { record } = valueOrThrow(await grantedTask({ call: this.call, taskId: params.id }));
      return taskOfRun(record);
    });
  }

  listTasks(params: ListTasksRequest): Promise<ListTasksResponse> {
    return guarded(async () => valueOrThrow(await listTasks({ call: this.call, request: params })));
  }

  cancelTask(params: CancelTaskRequest): Promise<Task> {
    return guarded(async () => {
      const { run } = valueOrThrow(await grantedTask({ call: this.call, taskId: params.id }));
      return taskOfRun(valueOrThrow(await cancelRun({ run })));
    });
  }

  resubscribe(params: SubscribeToTaskRequest): AsyncGenerator<StreamResponse> {
    return guardedStream(this.subscribe(params));
  }

  private async *subscribe(params: SubscribeToTaskRequest): AsyncGenerator<StreamResponse> {
    const { run, record } = valueOrThrow(await grantedTask({ call: this.call, taskId: params.id }));
    // A2A: a task that ended cannot be subscribed to; GetTask reads it.
    if (FINAL_RUN_STATES.has(record.status)) {
      throw new UnsupportedOperationError(
        `This task already ended (${record.status}): read it with GetTask`,
      );
    }
    yield* taskStream({ task: taskOfRun(record), run });
  }

  async createTaskPushNotificationConfig(): Promise<TaskPushNotificationConfig> {
    throw new PushNotificationNotSupportedError();
  }

  async getTaskPushNotificationConfig(): Promise<TaskPushNotificationConfig> {
    throw new PushNotificationNotSupportedError();
  }

  async listTaskPushNotificationConfigs(): Promise<never> {
    throw new PushNotificationNotSupportedError();
  }

  async deleteTaskPushNotificationConfig(): Promise<void> {
    throw new PushNotificationNotSupportedError();
  }
}

/** A result's value, or its error thrown as the A2A error the SDK's transports answer. */
function valueOrThrow<T>(result: Result<T>): T {
  if (!result.ok) throw a2aErrorOf(result.error);
  return result.value;
}
