import type { Task, TaskStatus } from "@modelcontextprotocol/sdk/types.js";
import type { RunState } from "#shared/schemas/runs";
import type { RunRecord } from "../runs/run-types.js";
import { type TaskRef, taskIdOf } from "./task-id.js";

/**
 * How often a client is asked to poll a task (docs/mcp.md, "Tasks"): each tasks/get is one read of
 * the run object, and a run's state changes at most a few times; progress between polls is kept
 * as the run's latest, so a slower poll loses nothing but latency. tasks/result waits instead.
 */
export const MCP_TASK_POLL_INTERVAL_MS = 2_000;

/** A run's state as MCP's task status (docs/gateway.md, the table in "The run object"). */
const TASK_STATUS_OF: Record<RunState, TaskStatus> = {
  submitted: "working",
  working: "working",
  completed: "completed",
  failed: "failed",
  canceled: "cancelled",
};

/**
 * The MCP task a run is (docs/mcp.md, "Tasks"). `ttl` runs from the task's creation to when the
 * run is deleted: before its end, the latest it can be (time limit plus keep time); once ended,
 * exactly its end plus the keep time. The status message tells `submitted` from `working`, which
 * MCP folds into one status and the cancel rule does not.
 */
export function taskOf(record: RunRecord, ref: TaskRef): Task {
  const updated = record.endedAt ?? record.startedAt ?? record.createdAt;
  return {
    taskId: taskIdOf(ref),
    status: TASK_STATUS_OF[record.status],
    ttl: record.expiresAt - record.createdAt,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(updated).toISOString(),
    pollInterval: MCP_TASK_POLL_INTERVAL_MS,
    statusMessage: statusMessageOf(record),
  };
}

function statusMessageOf(record: RunRecord): string {
  const said = record.progress?.message;
  switch (record.status) {
    case "submitted":
      return "submitted: its agent has not started";
    case "working":
      return said === undefined ? "working: its agent has started" : `working: ${said}`;
    case "completed":
      return "completed";
    default:
      return `${record.status}: ${record.error ?? "no reason given"}`;
  }
}
