import { TASK_STATUS } from "#shared/contract";
import { ensure, present } from "./abort.js";
import type { Task, Workflow } from "./records.js";
import type { ExecutionContext } from "./types.js";

const { PENDING, IN_PROGRESS, COMPLETED, FAILED, CANCELED } = TASK_STATUS;

/** Every task status value; anything else is not a status at all (invalid_argument). */
const STATUSES: readonly number[] = Object.values(TASK_STATUS);

type Who = "assignee_or_owner" | "owner_or_requester" | "owner";

/** One row of the task status table (ledger-contract.md, workflow). */
interface TransitionRow {
  from: number;
  to: number;
  who: Who;
  needsDependenciesDone: boolean;
}

const TABLE: readonly TransitionRow[] = [
  { from: PENDING, to: IN_PROGRESS, who: "assignee_or_owner", needsDependenciesDone: true },
  { from: IN_PROGRESS, to: COMPLETED, who: "assignee_or_owner", needsDependenciesDone: false },
  { from: IN_PROGRESS, to: FAILED, who: "assignee_or_owner", needsDependenciesDone: false },
  { from: PENDING, to: CANCELED, who: "owner_or_requester", needsDependenciesDone: false },
  { from: IN_PROGRESS, to: CANCELED, who: "owner", needsDependenciesDone: false },
];

export interface TaskMove {
  to: number;
  needsDependenciesDone: boolean;
  allows(caller: string, workflow: Workflow, task: Task): boolean;
}

function allowed(who: Who, caller: string, workflow: Workflow, task: Task): boolean {
  if (caller === workflow.owner) return true;
  if (who === "assignee_or_owner") return caller === task.assignee;
  if (who === "owner_or_requester") return caller === task.requester;
  return false;
}

/**
 * Finds the row for (from, to): EINVALID_TASK_STATUS for a value that is no status, then
 * EINVALID_TRANSITION for any change outside the table, PENDING and APPROVED targets included
 * (invalid_state, ledger-contract.md "workflow": APPROVED is reached only through approval).
 */
export function transitionFor(ctx: ExecutionContext, from: number, to: number): TaskMove {
  ensure(ctx, "workflow", STATUSES.includes(to), "EINVALID_TASK_STATUS");
  const found = present(
    ctx,
    "workflow",
    TABLE.find((r) => r.from === from && r.to === to),
    "EINVALID_TRANSITION",
  );
  return {
    to,
    needsDependenciesDone: found.needsDependenciesDone,
    allows: (caller, workflow, task) => allowed(found.who, caller, workflow, task),
  };
}
