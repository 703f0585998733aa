import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { a2aRpc, dataMessage, legacyDataMessage, sseData } from "../support/a2a-requests.js";
import { SELF } from "../support/checked-self.js";
import { GATEWAY, testProcess } from "../support/ledger-fixtures.js";

// The A2A server of a process at the gateway (docs/gateway.md, "A2A"), over JSON-RPC: a task is
// a run in its run object.

const taskSchema = z.looseObject({
  id: z.string(),
  contextId: z.string(),
  status: z.looseObject({ state: z.string() }),
  artifacts: z
    .array(z.looseObject({ artifactId: z.string(), parts: z.array(z.looseObject({})) }))
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const resultSchema = z.object({ jsonrpc: z.literal("2.0"), id: z.unknown(), result: z.unknown() });
const errorSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.unknown(),
  error: z.looseObject({ code: z.number(), message: z.string() }),
});

async function rpcResult(res: Response): Promise<unknown> {
  expect(res.status).toBe(200);
  return resultSchema.parse(await res.json()).result;
}

async function rpcError(res: Response) {
  expect(res.status).toBe(200);
  return errorSchema.parse(await res.json()).error;
}

describe("A2A JSON-RPC at /a2a/:processId", () => {
  let processId: string;

  beforeAll(async () => {
    processId = await testProcess("free");
  });

  async function send(data: Record<string, unknown>, configuration?: Record<string, unknown>) {
    const result = await rpcResult(
      await a2aRpc({
        processId,
        method: "SendMessage",
        params: { message: dataMessage(data), ...(configuration ? { configuration } : {}) },
      }),
    );
    return taskSchema.parse(z.object({ task: z.unknown() }).parse(result).task);
  }

  it("SendMessage blocks until the run completes and answers the result as a data artifact", async () => {
    const task = await send({ hello: "a2a" });
    expect(task.status.state).toBe("TASK_STATE_COMPLETED");
    expect(task.contextId).toBe(task.id);
    expect(task.artifacts?.[0]).toMatchObject({
      artifactId: "result",
      parts: [{ data: { echo: { hello: "a2a" } }, mediaType: "application/json" }],
    });
    expect(task.metadata?.["agentgate/accessToken"]).toMatch(/^agr_[0-9a-f]{64}$/);
  });

  it("keeps a blocking SendMessage's task: read at once with its token, ended, not cancelable", async () => {
    const task = await send({ kept: "after the answer" });
    const token = z.string().parse(task.metadata?.["agentgate/accessToken"]);
    const headers = { authorization: `Bearer ${token}` };
    // Straight after the answer: the store, started as the answer was written, got there first.
    const read = taskSchema.parse(
      await rpcResult(
        await a2aRpc({ processId, method: "GetTask", params: { id: task.id }, headers }),
      ),
    );
    expect(read.status.state).toBe("TASK_STATE_COMPLETED");
    expect(read.artifacts).toEqual(task.artifacts);
    const run = await SELF.fetch(`${GATEWAY}/api/runs/${task.id}`, { headers });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({
      status: "completed",
      taskId: null,
      result: { echo: { kept: "after the answer" } },
      outcome: null,
    });
    const events = await SELF.fetch(`${GATEWAY}/api/runs/${task.id}/events`, { headers });
    expect(await events.text()).toContain("event: result");
    const cancel = await rpcError(
      await a2aRpc({ processId, method: "CancelTask", params: { id: task.id }, headers }),
    );
    expect(cancel.code).toBe(-32002);
    const subscribe = await rpcError(
      await a2aRpc({ processId, method: "SubscribeToTask", params: { id: task.id }, headers }),
    );
    expect(subscribe.code).toBe(-32004);
  });

  it("returnImmediately answers the task at once; GetTask with its token reads it", async () => {
    const started = await send({ delayMs: 300 }, { returnImmediately: true });
    expect(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"]).toContain(started.status.state);
    const token = z.string().parse(started.metadata?.["agentgate/accessToken"]);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const read = taskSchema.parse(
        await rpcResult(
          await a2aRpc({
            processId,
            method: "GetTask",
            params: { id: started.id },
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      if (read.status.state === "TASK_STATE_COMPLETED") break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("GetTask without the task's credential, or of an unknown task, is task not found", async () => {
    const task = await send({});
    const unknown = await rpcError(
      await a2aRpc({ processId, method: "GetTask", params: { id: "not-a-task" } }),
    );
    expect(unknown.code).toBe(-32001);
    const stranger = await rpcError(
      await a2aRpc({ processId, method: "GetTask", params: { id: task.id } }),
    );
    expect(stranger.code).toBe(-32001);
    // The gateway's code travels in the error's ErrorInfo.
    expect(stranger).toMatchObject({ data: [{ metadata: { code: "run_token_required" } }] });
  });

  it("answers 404 process_not_found for a process that does not exist, on every A2A path", async () => {
    const missing = "no-such-process-a2a";
    const card = await SELF.fetch(`${GATEWAY}/a2a/${missing}/.well-known/agent-card.json`);
    expect(card.status).toBe(404);
    const rpc = await a2aRpc({ processId: missing, method: "GetTask", params: { id: "x" } });
    expect(rpc.status).toBe(404);
    expect(await rpc.json()).toMatchObject({ code: "process_not_found" });
  });

  it("SendStreamingMessage streams the task, progress, the result artifact and the final state in order", async () => {
    const res = await a2aRpc({
      processId,
      method: "SendStreamingMessage",
      params: { message: dataMessage({ progress: [10, 60], log: ["hello"] }) },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = (await sseData(res)).map((event) => resultSchema.parse(event).result);
    const kinds = events.map(
      (event) => Object.keys(z.record(z.string(), z.unknown()).parse(event))[0],
    );
    expect(kinds[0]).toBe("task");
    expect(kinds.at(-1)).toBe("statusUpdate");
    expect(kinds.at(-2)).toBe("artifactUpdate");
    const texts = JSON.stringify(events);
    expect(texts).toContain("INFO hello");
    expect(texts.indexOf('"progress":10')).toBeLessThan(texts.indexOf('"progress":60'));
    expect(events.at(-1)).toMatchObject({
      statusUpdate: { status: { state: "TASK_STATE_COMPLETED" } },
    });
  });

  it("SubscribeToTask follows a running task to its end; a task that ended is unsupported", async () => {
    const started = await send({ delayMs: 400, progress: [5] }, { returnImmediately: true });
    const headers = {
      authorization: `Bearer ${z.string().parse(started.metadata?.["agentgate/accessToken"])}`,
    };
    const res = await a2aRpc({
      processId,
      method: "SubscribeToTask",
      params: { id: started.id },
      headers,
    });
    const events = (await sseData(res)).map((event) => resultSchema.parse(event).result);
    expect(events[0]).toMatchObject({ task: { id: started.id } });
    expect(events.at(-1)).toMatchObject({
      statusUpdate: { status: { state: "TASK_STATE_COMPLETED" } },
    });
    const ended = await rpcError(
      await a2aRpc({ processId, method: "SubscribeToTask", params: { id: started.id }, headers }),
    );
    expect(ended.code).toBe(-32004);
  });

  it("CancelTask cancels a free task before its end", async () => {
    const started = await send({ delayMs: 5_000 }, { returnImmediately: true });
    const token = z.string().parse(started.metadata?.["agentgate/accessToken"]);
    const canceled = taskSchema.parse(
      await rpcResult(
        await a2aRpc({
          processId,
          method: "CancelTask",
          params: { id: started.id },
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    const again = await rpcError(
      await a2aRpc({
        processId,
        method: "CancelTask",
        params: { id: started.id },
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(again.code).toBe(-32002);
  });

  it("refuses data the schema refuses as invalid params, and a text part for a schema of many fields", async () => {
    const bad = await rpcError(
      await a2aRpc({
        processId,
        method: "SendMessage",
        params: { message: dataMessage({ delayMs: -1 }) },
      }),
    );
    expect(bad.code).toBe(-32602);
    const text = await rpcError(
      await a2aRpc({
        processId,
        method: "SendMessage",
        params: { message: { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] } },
      }),
    );
    expect(text.code).toBe(-32602);
    expect(text.message).toContain("single string field");
  });

  it("serves a 0.3-shaped request through the SDK's compatibility layer", async () => {
    const result = await rpcResult(
      await a2aRpc({
        processId,
        version: null,
        method: "message/send",
        params: { message: legacyDataMessage({ old: "client" }) },
      }),
    );
    expect(result).toMatchObject({ kind: "task", status: { state: "completed" } });
  });

  it("answers a version the card does not list with version not supported", async () => {
    const error = await rpcError(
      await a2aRpc({ processId, version: "9.9", method: "GetTask", params: { id: "x" } }),
    );
    expect(error.code).toBe(-32009);
  });

  it("serves the process's card and lists it", async () => {
    const res = await SELF.fetch(`${GATEWAY}/a2a/${processId}/.well-known/agent-card.json`);
    expect(res.status).toBe(200);
    const card = await res.json();
    expect(card).toMatchObject({
      supportedInterfaces: [
        { url: `${GATEWAY}/a2a/${processId}`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        {
          url: `${GATEWAY}/a2a/${processId}`,
          protocolBinding: "HTTP+JSON",
          protocolVersion: "1.0",
        },
        { url: `${GATEWAY}/a2a/${processId}`, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
      ],
      capabilities: { streaming: true },
    });
    const listing = await (await SELF.fetch(`${GATEWAY}/a2a`)).json();
    expect(listing).toMatchObject({ success: true });
    expect(JSON.stringify(listing)).toContain(
      `${GATEWAY}/a2a/${processId}/.well-known/agent-card.json`,
    );
  });
});
