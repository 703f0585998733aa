import { RUN_TOKEN_PREFIX } from "#shared/schemas/runs";
import { UUID_V7 } from "../execute/transaction-id.js";

/** Between the two halves of a task id: in neither a UUID nor an access token. */
const SEPARATOR = ":";
const RUN_TOKEN = new RegExp(`^${RUN_TOKEN_PREFIX}[0-9a-f]{64}$`);

/** What a task id names: a run, and the access token that reads and cancels it. */
export type TaskRef = { transactionId: string; accessToken: string };

/**
 * An MCP task's id is its run's transaction id and the run's access token (docs/mcp.md, "Tasks"):
 * /mcp is stateless and has no authorization context to bind a task to, so, as MCP asks of such
 * receivers, the id itself is the unguessable credential. Holding it is holding the run's token,
 * no more: who may read or cancel the task is who may read or cancel the run.
 */
export function taskIdOf(ref: TaskRef): string {
  return `${ref.transactionId}${SEPARATOR}${ref.accessToken}`;
}

/** The run and token a task id names; null when no task of this gateway could have this id. */
export function taskRefOf(taskId: string): TaskRef | null {
  const [transactionId, accessToken, ...rest] = taskId.split(SEPARATOR);
  if (transactionId === undefined || accessToken === undefined || rest.length > 0) return null;
  if (!UUID_V7.test(transactionId) || !RUN_TOKEN.test(accessToken)) return null;
  return { transactionId, accessToken };
}
