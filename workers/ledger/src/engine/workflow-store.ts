import type { Task, Workflow } from "./records.js";
import { int, stringList, text } from "./schema.js";

function rowToWorkflow(row: Record<string, SqlStorageValue>): Workflow {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    description: text(row, "description"),
    owner: text(row, "owner"),
    status: int(row, "status"),
    task_count: BigInt(int(row, "task_count")),
    created_at: BigInt(text(row, "created_at")),
    updated_at: BigInt(text(row, "updated_at")),
  };
}

function rowToTask(row: Record<string, SqlStorageValue>): Task {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    description: text(row, "description"),
    assignee: text(row, "assignee"),
    requester: text(row, "requester"),
    process_id: text(row, "process_id"),
    dependencies: stringList(row, "dependencies"),
    status: int(row, "status"),
    created_at: BigInt(text(row, "created_at")),
    updated_at: BigInt(text(row, "updated_at")),
  };
}

export function readWorkflow(sql: SqlStorage, id: string): Workflow | undefined {
  const row = sql.exec("SELECT * FROM pkg_workflows WHERE id = ?", id).toArray()[0];
  return row === undefined ? undefined : rowToWorkflow(row);
}

export function writeWorkflow(sql: SqlStorage, w: Workflow): void {
  sql.exec(
    `INSERT OR REPLACE INTO pkg_workflows
       (id, name, description, owner, status, task_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    w.id,
    w.name,
    w.description,
    w.owner,
    w.status,
    Number(w.task_count),
    w.created_at.toString(),
    w.updated_at.toString(),
  );
}

export function readTask(sql: SqlStorage, workflowId: string, taskId: string): Task | undefined {
  const row = sql
    .exec("SELECT * FROM pkg_tasks WHERE workflow_id = ? AND id = ?", workflowId, taskId)
    .toArray()[0];
  return row === undefined ? undefined : rowToTask(row);
}

/** Adds a task at the end of its workflow's list (position = the task count before it). */
export function insertTask(sql: SqlStorage, workflowId: string, position: number, t: Task): void {
  sql.exec(
    `INSERT INTO pkg_tasks (workflow_id, position, id, name, description, assignee, requester,
       process_id, dependencies, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    workflowId,
    position,
    t.id,
    t.name,
    t.description,
    t.assignee,
    t.requester,
    t.process_id,
    JSON.stringify(t.dependencies),
    t.status,
    t.created_at.toString(),
    t.updated_at.toString(),
  );
}

export function saveTaskStatus(sql: SqlStorage, workflowId: string, t: Task): void {
  sql.exec(
    "UPDATE pkg_tasks SET status = ?, updated_at = ? WHERE workflow_id = ? AND id = ?",
    t.status,
    t.updated_at.toString(),
    workflowId,
    t.id,
  );
}

/** The workflow's tasks in the order they were added. */
export function listTasks(sql: SqlStorage, workflowId: string): Task[] {
  return sql
    .exec("SELECT * FROM pkg_tasks WHERE workflow_id = ? ORDER BY position", workflowId)
    .toArray()
    .map(rowToTask);
}

/** How many of the workflow's tasks have a status outside `statuses`. */
export function countTasksNotIn(
  sql: SqlStorage,
  workflowId: string,
  statuses: readonly number[],
): number {
  const marks = statuses.map(() => "?").join(", ");
  const row = sql
    .exec(
      `SELECT COUNT(*) AS n FROM pkg_tasks WHERE workflow_id = ? AND status NOT IN (${marks})`,
      workflowId,
      ...statuses,
    )
    .one();
  return int(row, "n");
}
