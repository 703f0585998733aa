import { type Artifact, type Task, TaskState, type TaskStatus } from "@a2a-js/sdk";
import type { RunState } from "#shared/schemas/runs";
import type { RunRecord } from "../runs/run-types.js";
import { agentMessage, dataPart, textPart } from "./a2a-parts.js";

/** A run's state as A2A's TaskState: the table of docs/gateway.md, "The run object". */
export const TASK_STATE_OF_RUN: Record<RunState, TaskState> = {
  submitted: TaskState.TASK_STATE_SUBMITTED,
  working: TaskState.TASK_STATE_WORKING,
  completed: TaskState.TASK_STATE_COMPLETED,
  failed: TaskState.TASK_STATE_FAILED,
  canceled: TaskState.TASK_STATE_CANCELED,
};

/** The id of the artifact holding a completed run's result (one data part). */
export const RESULT_ARTIFACT_ID = "result";

/** Where the gateway's own facts of a task go in its metadata (docs/gateway.md, "A2A"). */
export const ACCESS_TOKEN_METADATA_KEY = "agentgate/accessToken";

export function resultArtifact(result: unknown): Artifact {
  return {
    artifactId: RESULT_ARTIFACT_ID,
    name: "result",
    description: "The agent's result",
    parts: [dataPart(result)],
    metadata: undefined,
    extensions: [],
  };
}

/** A run's status as a task's: a failed or canceled run's reason is its status message's text. */
export function taskStatusOf(record: RunRecord): TaskStatus {
  const at = record.endedAt ?? record.startedAt ?? record.createdAt;
  const reason =
    record.error === undefined
      ? undefined
      : agentMessage({
          taskId: record.transactionId,
          parts: [textPart(record.error)],
          metadata: record.code === undefined ? undefined : { "agentgate/code": record.code },
        });
  return {
    state: TASK_STATE_OF_RUN[record.status],
    message: reason,
    timestamp: new Date(at).toISOString(),
  };
}

/**
 * A run as an A2A Task (docs/gateway.md, "A2A"): the task id is the run's transaction id, and so
 * is its context id (a task is one run; the gateway keeps no conversation). A completed run's
 * result is the `result` artifact, one data part.
 */
export function taskOfRun(record: RunRecord, accessToken?: string): Task {
  return {
    id: record.transactionId,
    contextId: record.transactionId,
    status: taskStatusOf(record),
    artifacts: record.result === undefined ? [] : [resultArtifact(record.result)],
    history: [],
    metadata: {
      "agentgate/processId": record.processId,
      ...(record.progress === null ? {} : { "agentgate/progress": record.progress }),
      ...(accessToken === undefined ? {} : { [ACCESS_TOKEN_METADATA_KEY]: accessToken }),
    },
  };
}

/**
 * The first event of SendStreamingMessage: the task as it was admitted, `submitted`. The run's
 * events follow from its first, so the stream never goes back in time even when the run has
 * already ended.
 */
export function submittedTask(args: {
  transactionId: string;
  processId: string;
  accessToken: string;
}): Task {
  return {
    id: args.transactionId,
    contextId: args.transactionId,
    status: {
      state: TaskState.TASK_STATE_SUBMITTED,
      message: undefined,
      timestamp: new Date().toISOString(),
    },
    artifacts: [],
    history: [],
    metadata: {
      "agentgate/processId": args.processId,
      [ACCESS_TOKEN_METADATA_KEY]: args.accessToken,
    },
  };
}
