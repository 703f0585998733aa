import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { grantRun } from "../runs/grant-run.js";
import type { RunStub } from "../runs/run-stub.js";
import type { RunRecord } from "../runs/run-types.js";
import { type TaskRef, taskRefOf } from "./task-id.js";

/** A task its caller may read and cancel: its run object and the run as it is now. */
export type GrantedTask = { ref: TaskRef; run: RunStub; record: RunRecord };

/**
 * The run a task id names, granted by the run's own rule (runs/run-access.ts) with the token the
 * id carries (docs/mcp.md, "Tasks"). Every refusal is MCP's unknown task (-32602), the same for
 * an id that names no run, a run past its keep time and another run's token: a stranger who
 * knows a transaction id learns nothing, not even that it exists.
 */
export async function grantedTask(args: { env: GatewayEnv; taskId: string }): Promise<GrantedTask> {
  const { env, taskId } = args;
  const ref = taskRefOf(taskId);
  if (ref === null) throw taskNotFound();
  // The run's own check, as GET /api/runs/:id with the token: method, path and body are what a
  // caller proof would sign, and a token needs none of them.
  const granted = await grantRun({
    env,
    transactionId: ref.transactionId,
    request: {
      headers: new Headers({ authorization: `Bearer ${ref.accessToken}` }),
      method: "GET",
      path: `/api/runs/${ref.transactionId}`,
      body: new Uint8Array(),
    },
  });
  if (!granted.ok) throw taskNotFound();
  return { ref, ...granted.value };
}

/** MCP's answer to a task id it does not know (2025-11-25, tasks: Invalid params). */
export function taskNotFound(): McpError {
  return new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");
}
