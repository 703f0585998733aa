import {
  type CallToolResult,
  type CancelTaskResult,
  ErrorCode,
  type GetTaskResult,
  McpError,
  RELATED_TASK_META_KEY,
} from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "#shared/errors/bodies";
import { FINAL_RUN_STATES } from "#shared/schemas/runs";
import { cancelRun } from "../runs/run-cancel.js";
import { grantedTask, taskNotFound } from "./task-access.js";
import { taskOf } from "./task-status.js";
import { runToolResultOf } from "./tool-result.js";
import { awaitRunAnswer } from "./tool-run.js";

type TaskRequest = { env: GatewayEnv; taskId: string };

/** tasks/get: the task as its run is now (docs/mcp.md, "Tasks"). */
export async function getTask(args: TaskRequest): Promise<GetTaskResult> {
  const { ref, record } = await grantedTask(args);
  return taskOf(record, ref);
}

/**
 * tasks/result: waits for the run's end, then answers the tool result the same call without a
 * task would have had (docs/mcp.md, "Results"), tied to its task as MCP asks.
 */
export async function taskResult(args: TaskRequest): Promise<CallToolResult> {
  const { ref, run, record } = await grantedTask(args);
  const result = runToolResultOf({
    answer: await awaitRunAnswer(run),
    processId: record.processId,
    run: { ...ref, links: record.links },
  });
  result._meta = { ...result._meta, [RELATED_TASK_META_KEY]: { taskId: args.taskId } };
  return result;
}

/**
 * tasks/cancel: the runs' cancel rule (docs/gateway.md, "Canceling a run"). A final task is
 * MCP's Invalid params; a paid task whose agent has started is refused the same way, with the
 * rule's reason: the payer may already have the work, so no refund.
 */
export async function cancelTask(args: TaskRequest): Promise<CancelTaskResult> {
  const { ref, run, record } = await grantedTask(args);
  if (FINAL_RUN_STATES.has(record.status)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `Cannot cancel task in terminal status: ${taskOf(record, ref).status}`,
    );
  }
  const canceled = await cancelRun({ run });
  if (canceled.ok) return taskOf(canceled.value, ref);
  if (canceled.error.code === "run_not_found") throw taskNotFound();
  throw new McpError(ErrorCode.InvalidParams, errorMessage(canceled.error));
}
