import type { Artifact, StreamResponse, Task, TaskStatus } from "@a2a-js/sdk";
import type { RunEvent, RunState } from "#shared/schemas/runs";
import { FINAL_RUN_STATES } from "#shared/schemas/runs";
import type { RunEventsSource } from "../runs/watch-run.js";
import { agentMessage, dataPart, textPart } from "./a2a-parts.js";
import { runEvents } from "./run-event-reader.js";
import { resultArtifact, TASK_STATE_OF_RUN } from "./task-of-run.js";

/**
 * A task's stream (SendStreamingMessage, SubscribeToTask; docs/gateway.md, "A2A"): the task
 * first, then its run's events from the first as A2A events: each state change, log line and progress report
 * a status update (log and progress while `working`, in the status message), partial output an
 * artifact update of the `partial` artifact, and at the end the result artifact and the final
 * status. The stream ends with the run.
 */
export async function* taskStream(args: {
  task: Task;
  run: RunEventsSource;
}): AsyncGenerator<StreamResponse> {
  const { task } = args;
  yield { payload: { $case: "task", value: task } };
  // The state the events have told so far, from the run's first: a status that repeats it is
  // not news (the run's own first `submitted`), but a run the agent queued goes back from
  // working to submitted, which is: it has not started, and can still be canceled
  // (docs/gateway.md, "Canceling a run").
  let told: RunState = "submitted";
  for await (const event of runEvents(args.run)) {
    if (event.type === "status") {
      if (event.status === told) continue;
      told = event.status;
    } else if (event.type === "log" || event.type === "progress") {
      told = "working";
    }
    yield* streamResponsesOf(task.id, event);
  }
}

function streamResponsesOf(taskId: string, event: RunEvent): StreamResponse[] {
  const status = (state: RunState, text?: string, metadata?: Record<string, unknown>) =>
    statusUpdate(taskId, {
      state: TASK_STATE_OF_RUN[state],
      message:
        text === undefined
          ? undefined
          : agentMessage({ taskId, parts: [textPart(text)], ...(metadata ? { metadata } : {}) }),
      timestamp: new Date().toISOString(),
    });
  switch (event.type) {
    case "status":
      // The final state goes after the result, with its reason: the `result` event carries both.
      return FINAL_RUN_STATES.has(event.status) ? [] : [status(event.status)];
    case "log":
      return [status("working", event.line, { "agentgate/log": true })];
    case "progress": {
      const { progress, total, message } = event.progress;
      const text = message ?? (total === undefined ? `${progress}` : `${progress}/${total}`);
      return [status("working", text, { "agentgate/progress": event.progress })];
    }
    case "partial":
      return [artifactUpdate(taskId, partialArtifact(event.data), true)];
    case "result": {
      const { run } = event;
      const ended = status(
        run.status,
        run.error,
        run.code === undefined ? undefined : { "agentgate/code": run.code },
      );
      if (run.result === undefined) return [ended];
      return [artifactUpdate(taskId, resultArtifact(run.result), false), ended];
    }
  }
}

function statusUpdate(taskId: string, status: TaskStatus): StreamResponse {
  return {
    payload: {
      $case: "statusUpdate",
      value: { taskId, contextId: taskId, status, metadata: undefined },
    },
  };
}

/** Partial output the agent streamed: appended to the `partial` artifact, one data part each. */
function partialArtifact(data: unknown): Artifact {
  return {
    artifactId: "partial",
    name: "partial",
    description: "Partial output",
    parts: [dataPart(data)],
    metadata: undefined,
    extensions: [],
  };
}

function artifactUpdate(taskId: string, artifact: Artifact, append: boolean): StreamResponse {
  return {
    payload: {
      $case: "artifactUpdate",
      value: {
        taskId,
        contextId: taskId,
        artifact,
        append,
        lastChunk: !append,
        metadata: undefined,
      },
    },
  };
}
