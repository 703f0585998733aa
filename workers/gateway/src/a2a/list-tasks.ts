import { type ListTasksRequest, type ListTasksResponse, type Task, TaskState } from "@a2a-js/sdk";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { payerRuns } from "../runs/payer-runs.js";
import { runCredentialOf } from "../runs/run-credential.js";
import type { A2aCall } from "./a2a-call.js";
import { grantedTask } from "./task-access.js";
import { taskOfRun } from "./task-of-run.js";

/** A2A's page size bounds: 50 when none is asked, at most 100 (the A2A 1.0 spec's own). */
export const LIST_TASKS_DEFAULT_PAGE_SIZE = 50;
export const LIST_TASKS_MAX_PAGE_SIZE = 100;

/**
 * ListTasks (docs/gateway.md, "A2A", "Who may read a task"): the caller's own tasks. With
 * `contextId`, the one task it names (a task's context id is its id) when the credential opens
 * it, as GetTask. Without, the tasks of the runs the caller proof's payer paid for on this
 * process, newest first, a page at a time. Anything else (no credential, or a run's access token,
 * which opens one run and names none) owns no task here: an empty list, since A2A has no
 * "unauthenticated" error and an anonymous caller's own tasks are none.
 */
export async function listTasks(args: {
  call: A2aCall;
  request: ListTasksRequest;
}): Promise<Result<ListTasksResponse>> {
  const { call, request } = args;
  const pageSize = request.pageSize ?? LIST_TASKS_DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > LIST_TASKS_MAX_PAGE_SIZE) {
    return fail(
      appError("validation_failed", `pageSize must be from 1 to ${LIST_TASKS_MAX_PAGE_SIZE}`),
    );
  }
  const shown = shownTasksOf(request);
  if (!shown.ok) return shown;
  if (request.contextId !== "") {
    const granted = await grantedTask({ call, taskId: request.contextId });
    if (!granted.ok) return granted;
    const tasks = shown.value([taskOfRun(granted.value.record)]);
    return ok({ tasks, nextPageToken: "", pageSize, totalSize: tasks.length });
  }
  if (runCredentialOf(call.headers).kind !== "proof") {
    return ok({ tasks: [], nextPageToken: "", pageSize, totalSize: 0 });
  }
  const page = await payerRuns({
    env: call.env,
    processId: call.processId,
    request: { headers: call.headers, method: call.method, path: call.path, body: call.rawBody },
    pageSize,
    pageToken: request.pageToken,
  });
  if (!page.ok) return page;
  return ok({
    tasks: shown.value(page.value.records.map((record) => taskOfRun(record))),
    nextPageToken: page.value.pageToken,
    pageSize,
    totalSize: page.value.total,
  });
}

/**
 * The tasks a request keeps, as it asks to see them: `status`, `statusTimestampAfter` (ISO 8601:
 * a task whose status changed at or after it), and no artifacts unless `includeArtifacts` (A2A's
 * default, to keep a page small).
 */
function shownTasksOf(request: ListTasksRequest): Result<(tasks: Task[]) => Task[]> {
  const after = request.statusTimestampAfter ? Date.parse(request.statusTimestampAfter) : null;
  if (Number.isNaN(after)) {
    return fail(appError("validation_failed", "statusTimestampAfter must be an ISO 8601 time"));
  }
  const kept = (task: Task) =>
    (request.status === TaskState.TASK_STATE_UNSPECIFIED ||
      task.status?.state === request.status) &&
    (after === null || Date.parse(task.status?.timestamp ?? "") >= after);
  return ok((tasks) =>
    tasks
      .filter(kept)
      .map((task) => (request.includeArtifacts ? task : { ...task, artifacts: [] })),
  );
}
