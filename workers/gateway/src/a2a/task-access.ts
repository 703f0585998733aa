import { appError, fail, type Result } from "#shared/errors/app-error";
import { UUID_V7 } from "../execute/transaction-id.js";
import { grantRun } from "../runs/grant-run.js";
import type { RunStub } from "../runs/run-stub.js";
import type { RunRecord } from "../runs/run-types.js";
import type { A2aCall } from "./a2a-call.js";

/**
 * The run behind a task id, once the request's credential opens it (docs/gateway.md, "A2A", "Who
 * may read a task"): the same check as the runs API (runs/run-access.ts), the run's access token
 * or its payer's caller proof over this very request. A task of another process is not found here.
 */
export async function grantedTask(args: {
  call: A2aCall;
  taskId: string;
}): Promise<Result<{ run: RunStub; record: RunRecord }>> {
  const { call, taskId } = args;
  if (!UUID_V7.test(taskId)) return fail(appError("task_not_found", "No task has this id"));
  const granted = await grantRun({
    env: call.env,
    transactionId: taskId,
    request: { headers: call.headers, method: call.method, path: call.path, body: call.rawBody },
  });
  if (granted.ok && granted.value.record.processId !== call.processId) {
    return fail(appError("task_not_found", "No task of this process has this id"));
  }
  return granted;
}
