import { describe, expect, it } from "vitest";
import {
  agentExecuteFailureSchema,
  agentExecuteResponseSchema,
  agentExecuteSuccessSchema,
  agentHealthResponseSchema,
  agentInfoResponseSchema,
  agentLogsParamsSchema,
  agentLogsResponseSchema,
  agentRequestSchema,
} from "#shared/schemas/agent";

const NOW = "2026-01-01T00:00:00.000Z";
const request = {
  transactionId: "tx-1",
  processId: "summarizer",
  userAddress: "0x1",
  data: { text: "hello" },
};

describe("agentRequestSchema", () => {
  it("accepts SPEC's AgentRequest and normalises the user address", () => {
    const parsed = agentRequestSchema.parse({
      ...request,
      workflowId: "wf",
      taskId: "t".repeat(100),
      priority: 3,
    });
    expect(parsed.userAddress).toBe(`0x${"0".repeat(63)}1`);
    expect(parsed.priority).toBe(3);
  });

  it("rejects a missing transaction id and one over 128 characters", () => {
    const { transactionId: _t, ...noTx } = request;
    expect(agentRequestSchema.safeParse(noTx).success).toBe(false);
    expect(agentRequestSchema.safeParse({ ...request, transactionId: "" }).success).toBe(false);
    expect(
      agentRequestSchema.safeParse({ ...request, transactionId: "x".repeat(129) }).success,
    ).toBe(false);
  });

  it("rejects data that is an array, a string or null", () => {
    for (const data of [[1], "text", null]) {
      expect(agentRequestSchema.safeParse({ ...request, data }).success, String(data)).toBe(false);
    }
  });

  it('rejects priority 4 and the string "2"', () => {
    expect(agentRequestSchema.safeParse({ ...request, priority: 4 }).success).toBe(false);
    expect(agentRequestSchema.safeParse({ ...request, priority: "2" }).success).toBe(false);
  });

  it("rejects a bad user address and a bad process id", () => {
    expect(agentRequestSchema.safeParse({ ...request, userAddress: "0xzz" }).success).toBe(false);
    expect(agentRequestSchema.safeParse({ ...request, processId: "a b" }).success).toBe(false);
  });
});

describe("agent responses", () => {
  const process = { id: "summarizer", name: "Summarizer" };

  it("health carries success, process, uptime, integer memory figures and a timestamp", () => {
    const health = {
      success: true,
      status: "ok",
      process,
      uptime: 12.5,
      memory: { rss: 1, heapTotal: 2, heapUsed: 3, external: 0 },
      timestamp: NOW,
    };
    expect(agentHealthResponseSchema.safeParse(health).success).toBe(true);
    const fractional = { ...health, memory: { ...health.memory, rss: 1.5 } };
    expect(agentHealthResponseSchema.safeParse(fractional).success).toBe(false);
    const { success: _s, ...noSuccess } = health;
    expect(agentHealthResponseSchema.safeParse(noSuccess).success).toBe(false);
  });

  it("info lists workflows", () => {
    const info = { success: true, process, workflows: ["default"], uptime: 1, timestamp: NOW };
    expect(agentInfoResponseSchema.safeParse(info).success).toBe(true);
    expect(agentInfoResponseSchema.safeParse({ ...info, workflows: "default" }).success).toBe(
      false,
    );
  });

  it("execute answers are told apart by success", () => {
    const ok = { success: true, result: { summary: "hi" }, executionTime: 3, logs: ["started"] };
    const failed = { success: false, error: "boom", executionTime: 3, logs: [] };
    expect(agentExecuteSuccessSchema.safeParse(ok).success).toBe(true);
    expect(agentExecuteFailureSchema.safeParse(failed).success).toBe(true);
    expect(agentExecuteResponseSchema.parse(failed).success).toBe(false);
    expect(agentExecuteSuccessSchema.safeParse({ ...ok, success: false }).success).toBe(false);
    expect(agentExecuteFailureSchema.safeParse({ ...failed, error: undefined }).success).toBe(
      false,
    );
  });

  it("logs carry the transaction id and its lines", () => {
    expect(agentLogsParamsSchema.safeParse({ transactionId: "tx-1" }).success).toBe(true);
    const logs = { success: true, transactionId: "tx-1", logs: ["a", "b"], timestamp: NOW };
    expect(agentLogsResponseSchema.safeParse(logs).success).toBe(true);
    expect(agentLogsResponseSchema.safeParse({ ...logs, logs: [1] }).success).toBe(false);
  });
});
