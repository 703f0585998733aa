import { describe, expect, it } from "vitest";
import {
  TASK_STATUS_NAMES,
  taskCreateSchema,
  taskStatusCode,
  taskStatusName,
  taskStatusNameSchema,
  WORKFLOW_STATUS_NAMES,
  workflowCreateSchema,
  workflowStatusCode,
  workflowStatusName,
} from "#shared/schemas/workflow";

describe("workflowCreateSchema", () => {
  it("accepts id, name and description and defaults the description to empty", () => {
    expect(workflowCreateSchema.parse({ id: "wf-1", name: "Pipeline" })).toEqual({
      id: "wf-1",
      name: "Pipeline",
      description: "",
    });
  });

  it("rejects a missing name, an empty name and a bad id", () => {
    expect(workflowCreateSchema.safeParse({ id: "wf-1" }).success).toBe(false);
    expect(workflowCreateSchema.safeParse({ id: "wf-1", name: "" }).success).toBe(false);
    expect(workflowCreateSchema.safeParse({ id: "wf 1", name: "n" }).success).toBe(false);
  });

  it("rejects a description over 1024 bytes", () => {
    const description = "d".repeat(1025);
    expect(workflowCreateSchema.safeParse({ id: "w", name: "n", description }).success).toBe(false);
  });
});

describe("taskCreateSchema", () => {
  const base = { workflowId: "wf-1", id: "task-1", name: "Fetch" };

  it("accepts the minimal options and defaults dependencies to none", () => {
    expect(taskCreateSchema.parse(base)).toEqual({ ...base, description: "", dependencies: [] });
  });

  it("normalises assignee and requester addresses", () => {
    const task = taskCreateSchema.parse({ ...base, assignee: "0x1", requester: "0x2" });
    expect(task.assignee).toBe(`0x${"0".repeat(63)}1`);
    expect(task.requester).toBe(`0x${"0".repeat(63)}2`);
  });

  it("accepts 16 dependencies and rejects 17", () => {
    const deps = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    expect(taskCreateSchema.safeParse({ ...base, dependencies: deps(16) }).success).toBe(true);
    expect(taskCreateSchema.safeParse({ ...base, dependencies: deps(17) }).success).toBe(false);
  });

  it("rejects a bad assignee, a bad dependency id and a missing workflow", () => {
    expect(taskCreateSchema.safeParse({ ...base, assignee: "0x123" }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ ...base, dependencies: ["ok", "not ok"] }).success).toBe(
      false,
    );
    const { workflowId: _w, ...noWorkflow } = base;
    expect(taskCreateSchema.safeParse(noWorkflow).success).toBe(false);
  });

  it("rejects a process id with a slash", () => {
    expect(taskCreateSchema.safeParse({ ...base, process: "a/b" }).success).toBe(false);
  });
});

describe("task and workflow statuses", () => {
  it("uses lower-case CLI names in ledger order", () => {
    expect(TASK_STATUS_NAMES).toEqual([
      "pending",
      "in_progress",
      "completed",
      "approved",
      "failed",
      "canceled",
    ]);
    expect(WORKFLOW_STATUS_NAMES).toEqual(["active", "completed", "canceled"]);
  });

  it("maps task status codes to names and back", () => {
    expect(taskStatusName(1)).toBe("in_progress");
    expect(taskStatusCode("approved")).toBe(3);
    expect(taskStatusName(6)).toBeUndefined();
    expect(taskStatusNameSchema.safeParse("IN_PROGRESS").success).toBe(false);
  });

  it("maps workflow status codes to names and back", () => {
    expect(workflowStatusName(2)).toBe("canceled");
    expect(workflowStatusCode("completed")).toBe(1);
    expect(workflowStatusName(3)).toBeUndefined();
  });
});
