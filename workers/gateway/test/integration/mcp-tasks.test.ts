import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  RELATED_TASK_META_KEY,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_META_KEY } from "../../src/mcp/run-notice.js";
import { taskRefOf } from "../../src/mcp/task-id.js";
import { MCP_TASK_POLL_INTERVAL_MS } from "../../src/mcp/task-status.js";
import { testProcess } from "../support/ledger-fixtures.js";
import { type JsonRpcAnswer, postMcp } from "../support/mcp-client.js";
import { connectSdkClient } from "../support/mcp-sdk-client.js";
import { LONG, registerSlowReport, SLOW } from "../support/slow-report.js";

/** MCP's answer to a task it does not know, or one that is not the caller's. */
const taskNotFound = (error: unknown) =>
  error instanceof McpError &&
  error.code === ErrorCode.InvalidParams &&
  error.message.includes("Task not found");

describe('MCP tasks (docs/mcp.md, "Tasks")', () => {
  let client: Client;

  beforeAll(async () => {
    await registerSlowReport();
    ({ client } = await connectSdkClient(LONG));
  }, 30_000);
  afterAll(() => client.close());

  it("declares task support: the tasks capability without list, and taskSupport optional on each tool", async () => {
    expect(client.getServerCapabilities()?.tasks).toEqual({
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.execution).toEqual({ taskSupport: "optional" });
  });

  it("runs a slow tool as a task: the task at once, polled to completion, then its result", async () => {
    const started = Date.now();
    const seen: { type: string; at: number; status?: string }[] = [];
    let taskId = "";
    let result: unknown;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: SLOW, arguments: { seconds: 6 } },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      if (message.type === "error") throw message.error;
      if (message.type === "taskCreated") taskId = message.task.taskId;
      if (message.type === "result") result = message.result;
      const status = message.type === "taskStatus" ? message.task.status : undefined;
      seen.push({ type: message.type, at: Date.now(), ...(status ? { status } : {}) });
    }
    // The task came back long before the run's 6 s, and was polled while it worked.
    expect(seen[0]?.type).toBe("taskCreated");
    expect((seen[0]?.at ?? Number.POSITIVE_INFINITY) - started).toBeLessThan(3_000);
    expect(seen.filter((s) => s.status === "working").length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-2)).toMatchObject({ type: "taskStatus", status: "completed" });
    expect(seen.at(-1)?.type).toBe("result");
    expect(result).toMatchObject({
      structuredContent: { success: true, status: "completed", result: { seconds: 6 } },
      _meta: { [RELATED_TASK_META_KEY]: { taskId } },
    });
    expect(taskRefOf(taskId)).not.toBeNull();
  }, 60_000);

  it("names the task's run, with the run's keep time as ttl; tasks/result waits for the end", async () => {
    const created = await client.request(
      {
        method: "tools/call",
        params: { name: SLOW, arguments: { seconds: 2 }, task: { ttl: 1_000 } },
      },
      CreateTaskResultSchema,
    );
    const { task } = created;
    expect(task).toMatchObject({ status: "working", pollInterval: MCP_TASK_POLL_INTERVAL_MS });
    // The requested ttl is not taken: the run is kept its time limit and a day from its creation.
    expect(task.ttl).toBeGreaterThan(24 * 3_600_000);
    const ref = taskRefOf(task.taskId);
    expect(created._meta?.[RUN_META_KEY]).toMatchObject({ ...ref });
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toMatchObject({ status: "completed", result: { seconds: 2 } });
    const ended = await client.experimental.tasks.getTask(task.taskId);
    expect(ended.status).toBe("completed");
    // Once ended, exactly its end plus a day.
    expect(Date.parse(ended.createdAt) + (ended.ttl ?? 0) - Date.parse(ended.lastUpdatedAt)).toBe(
      24 * 3_600_000,
    );
    await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toSatisfy(
      (error) =>
        error instanceof McpError &&
        error.code === ErrorCode.InvalidParams &&
        error.message.includes("terminal status: completed"),
    );
  }, 30_000);

  it("refuses a stranger another caller's task, however the id is put together", async () => {
    const processId = await testProcess("free");
    const { client: main } = await connectSdkClient();
    const { client: stranger } = await connectSdkClient();
    const own = await main.request(
      { method: "tools/call", params: { name: processId, arguments: {}, task: {} } },
      CreateTaskResultSchema,
    );
    const theirs = await stranger.request(
      { method: "tools/call", params: { name: processId, arguments: {}, task: {} } },
      CreateTaskResultSchema,
    );
    const victim = taskRefOf(own.task.taskId);
    const mine = taskRefOf(theirs.task.taskId);
    if (victim === null || mine === null) throw new Error("task ids that name no run");
    // The victim's transaction id with the stranger's own token, or bare.
    for (const taskId of [`${victim.transactionId}:${mine.accessToken}`, victim.transactionId]) {
      await expect(stranger.experimental.tasks.getTask(taskId)).rejects.toSatisfy(taskNotFound);
      await expect(
        stranger.experimental.tasks.getTaskResult(taskId, CallToolResultSchema),
      ).rejects.toSatisfy(taskNotFound);
      await expect(stranger.experimental.tasks.cancelTask(taskId)).rejects.toSatisfy(taskNotFound);
    }
    // Its holder reads it.
    expect((await main.experimental.tasks.getTask(own.task.taskId)).taskId).toBe(own.task.taskId);
    await Promise.all([main.close(), stranger.close()]);
  });

  it("answers hostile task requests with Invalid params, never a 5xx", async () => {
    const bodies = [
      { method: "tasks/get" },
      { method: "tasks/get", params: { taskId: 5 } },
      { method: "tasks/result", params: { taskId: "x".repeat(100_000) } },
      { method: "tasks/cancel", params: { taskId: `:agr_${"0".repeat(64)}` } },
      { method: "tools/call", params: { name: SLOW, task: "x" } },
      { method: "tools/call", params: { name: SLOW, task: { ttl: "soon" } } },
    ];
    for (const body of bodies) {
      const res = await postMcp({ text: JSON.stringify({ jsonrpc: "2.0", id: 1, ...body }) });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect((await res.json<JsonRpcAnswer>()).error?.code).toBe(ErrorCode.InvalidParams);
    }
    // A server that cannot tell whose tasks are whose lists none.
    const list = await postMcp({ text: '{"jsonrpc":"2.0","id":2,"method":"tasks/list"}' });
    expect((await list.json<JsonRpcAnswer>()).error?.code).toBe(ErrorCode.MethodNotFound);
  });

  it("answers MCP's Invalid params for a task id it does not know", async () => {
    const nowHex = Date.now().toString(16).padStart(12, "0");
    const unknown = [
      "nonsense",
      `${crypto.randomUUID()}:agr_${"0".repeat(64)}`,
      // A well-formed id of now, whose run was never started.
      `${nowHex.slice(0, 8)}-${nowHex.slice(8)}-7000-8000-${"0".repeat(12)}:agr_${"a".repeat(64)}`,
    ];
    for (const taskId of unknown) {
      await expect(client.experimental.tasks.getTask(taskId)).rejects.toSatisfy(taskNotFound);
    }
  });
});
