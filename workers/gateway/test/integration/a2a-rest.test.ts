import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { a2aTaskSchema, dataMessage, sseData } from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import { GATEWAY, testProcess } from "../support/ledger-fixtures.js";

// The HTTP+JSON binding of a process's A2A server (docs/gateway.md, "A2A"): the same tasks as
// the JSON-RPC binding, at REST paths under the same URL.

describe("A2A HTTP+JSON at /a2a/:processId/...", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("free");
  });

  function rest(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return SELF.fetch(`${GATEWAY}/a2a/${processId}${path}`, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", "a2a-version": "1.0", ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  }

  it("message:send answers the completed task; tasks/{id} reads it with its token", async () => {
    const res = await rest("/message:send", {
      method: "POST",
      body: { message: dataMessage({ rest: 1 }) },
    });
    expect(res.status).toBe(200);
    const task = a2aTaskSchema.parse(z.object({ task: z.unknown() }).parse(await res.json()).task);
    expect(task.status.state).toBe("TASK_STATE_COMPLETED");
    const token = z.string().parse(task.metadata?.["agentgate/accessToken"]);
    const read = await rest(`/tasks/${task.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(a2aTaskSchema.parse(await read.json()).id).toBe(task.id);
    const listed = await rest(`/tasks?contextId=${task.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await listed.json()).toMatchObject({ tasks: [{ id: task.id }] });
  });

  it("message:stream streams the task to its completed state", async () => {
    const res = await rest("/message:stream", {
      method: "POST",
      body: { message: dataMessage({ progress: [1] }) },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = await sseData(res);
    expect(events[0]).toMatchObject({ task: { status: { state: "TASK_STATE_SUBMITTED" } } });
    expect(events.at(-1)).toMatchObject({
      statusUpdate: { status: { state: "TASK_STATE_COMPLETED" } },
    });
  });

  it("answers A2A errors with their HTTP statuses, never a 5xx for a bad request", async () => {
    expect((await rest("/tasks/nope")).status).toBe(404);
    const cancel = await rest("/tasks/nope:cancel", { method: "POST" });
    expect(cancel.status).toBe(404);
    const malformed = await SELF.fetch(`${GATEWAY}/a2a/${processId}/message:send`, {
      method: "POST",
      headers: { "content-type": "application/json", "a2a-version": "1.0" },
      body: '{"message":{"parts":[null]}}',
    });
    expect(malformed.status).toBe(400);
    expect((await rest("/nowhere", { method: "POST" })).status).toBeLessThan(500);
    const old = await rest("/tasks/x", { headers: { "a2a-version": "0.3" } });
    expect(old.status).toBe(400);
  });
});
