import { describe, expect, it } from "vitest";
import {
  executeBodySchema,
  executeFailureResponseSchema,
  executeSuccessResponseSchema,
  healthResponseSchema,
  listQuerySchema,
  logsParamsSchema,
  paymentBodySchema,
  paymentResponseSchema,
  processIdParamSchema,
  processListResponseSchema,
  processResponseSchema,
  verifyParamsSchema,
  verifyResponseSchema,
} from "#shared/schemas/gateway";

const NOW = "2026-01-01T00:00:00.000Z";
const LONG_ONE = `0x${"0".repeat(63)}1`;
const USER = `0x${"cd".repeat(32)}`;

describe("executeBodySchema", () => {
  it("requires only userAddress and defaults data to an empty object", () => {
    expect(executeBodySchema.parse({ userAddress: "0x1" })).toEqual({
      userAddress: LONG_ONE,
      data: {},
    });
  });

  it("accepts workflow, payment task id and priority", () => {
    const body = executeBodySchema.parse({
      userAddress: USER,
      data: { q: 1 },
      workflowId: "wf",
      taskId: "pay-1",
      priority: 0,
    });
    expect(body.priority).toBe(0);
    expect(body.taskId).toBe("pay-1");
  });

  it("rejects a missing or invalid userAddress, array data and priority 4", () => {
    expect(executeBodySchema.safeParse({ data: {} }).success).toBe(false);
    expect(executeBodySchema.safeParse({ userAddress: `0x${"a".repeat(65)}` }).success).toBe(false);
    expect(executeBodySchema.safeParse({ userAddress: USER, data: [] }).success).toBe(false);
    expect(executeBodySchema.safeParse({ userAddress: USER, priority: 4 }).success).toBe(false);
  });
});

describe("paymentBodySchema", () => {
  const body = { processId: "summarizer", amount: "1000", userAddress: USER };

  it("parses the amount into a bigint", () => {
    expect(paymentBodySchema.parse(body).amount).toBe(1000n);
  });

  it("accepts an optional task id and a signed transaction in hex", () => {
    const parsed = paymentBodySchema.parse({ ...body, taskId: "t-1", signedTransaction: "0xAb01" });
    expect(parsed.signedTransaction).toBe("0xAb01");
  });

  it("rejects bad amounts", () => {
    for (const amount of ["-1", "1.5", "1e3", "18446744073709551616", 1000]) {
      expect(paymentBodySchema.safeParse({ ...body, amount }).success, String(amount)).toBe(false);
    }
  });

  it("rejects a signed transaction that is not 0x-prefixed whole-byte hex", () => {
    for (const signedTransaction of ["ab01", "0xabc", "0x", "0xzz"]) {
      expect(paymentBodySchema.safeParse({ ...body, signedTransaction }).success).toBe(false);
    }
  });

  it("rejects a missing process id", () => {
    const { processId: _p, ...noProcess } = body;
    expect(paymentBodySchema.safeParse(noProcess).success).toBe(false);
  });
});

describe("path params", () => {
  it("verify params normalise the user address", () => {
    expect(verifyParamsSchema.parse({ processId: "p", userAddress: "0x1" }).userAddress).toBe(
      LONG_ONE,
    );
    expect(verifyParamsSchema.safeParse({ processId: "p", userAddress: "nope" }).success).toBe(
      false,
    );
  });

  it("process id param rejects a 65-byte id", () => {
    expect(processIdParamSchema.safeParse({ processId: "p".repeat(64) }).success).toBe(true);
    expect(processIdParamSchema.safeParse({ processId: "p".repeat(65) }).success).toBe(false);
  });

  it("logs params take a process id and a transaction id", () => {
    expect(logsParamsSchema.safeParse({ processId: "p", transactionId: "tx" }).success).toBe(true);
    expect(logsParamsSchema.safeParse({ processId: "p", transactionId: "" }).success).toBe(false);
  });
});

describe("listQuerySchema", () => {
  it("accepts no filters", () => {
    expect(listQuerySchema.parse({})).toEqual({});
  });

  it("parses owner, tag, status and a limit from query strings", () => {
    expect(
      listQuerySchema.parse({ owner: "0x1", tag: "nlp", status: "maintenance", limit: "1000" }),
    ).toEqual({ owner: LONG_ONE, tag: "nlp", status: "maintenance", limit: 1000 });
  });

  it("rejects limits outside 1..1000 or not canonical integers", () => {
    for (const limit of ["0", "1001", "-1", "1.5", "01", "ten", ""]) {
      expect(listQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    }
  });

  it("rejects an unknown status, an empty tag, a 33-byte tag and a bad owner", () => {
    expect(listQuerySchema.safeParse({ status: "paused" }).success).toBe(false);
    expect(listQuerySchema.safeParse({ tag: "" }).success).toBe(false);
    expect(listQuerySchema.safeParse({ tag: "t".repeat(33) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ owner: "0xg" }).success).toBe(false);
  });
});

describe("gateway responses", () => {
  const process = {
    id: "summarizer",
    name: "Summarizer",
    description: "",
    owner: USER,
    agents: [],
    workflows: [],
    tags: [],
    status: "active",
    createdAt: NOW,
    updatedAt: NOW,
  };

  it("health carries success, status and timestamp", () => {
    expect(
      healthResponseSchema.safeParse({ success: true, status: "ok", timestamp: NOW }).success,
    ).toBe(true);
    expect(healthResponseSchema.safeParse({ status: "ok", timestamp: NOW }).success).toBe(false);
  });

  it("execute success and failure have SPEC's fields", () => {
    const base = { transactionId: "tx", processId: "p", timestamp: NOW };
    const ok = { ...base, success: true, status: "completed", result: { a: 1 } };
    const failed = { ...base, success: false, status: "failed", error: "agent crashed" };
    expect(executeSuccessResponseSchema.safeParse(ok).success).toBe(true);
    expect(executeFailureResponseSchema.safeParse(failed).success).toBe(true);
    expect(executeSuccessResponseSchema.safeParse({ ...ok, status: "failed" }).success).toBe(false);
    expect(executeFailureResponseSchema.safeParse({ ...failed, error: undefined }).success).toBe(
      false,
    );
  });

  it("payment response carries a transaction hash and the amount as a string", () => {
    const payment = {
      success: true,
      transactionHash: `0x${"e".repeat(64)}`,
      processId: "p",
      taskId: "t",
      amount: "1000",
      userAddress: USER,
      timestamp: NOW,
    };
    expect(paymentResponseSchema.safeParse(payment).success).toBe(true);
    expect(paymentResponseSchema.safeParse({ ...payment, amount: 1000 }).success).toBe(false);
  });

  it("verify response carries a boolean verdict", () => {
    const verify = {
      success: true,
      verified: false,
      processId: "p",
      userAddress: USER,
      timestamp: NOW,
    };
    expect(verifyResponseSchema.safeParse(verify).success).toBe(true);
    expect(verifyResponseSchema.safeParse({ ...verify, verified: "no" }).success).toBe(false);
  });

  it("process and list responses embed SPEC's Process", () => {
    expect(
      processResponseSchema.safeParse({ success: true, process, timestamp: NOW }).success,
    ).toBe(true);
    const list = { success: true, processes: [process], count: 1, timestamp: NOW };
    expect(processListResponseSchema.safeParse(list).success).toBe(true);
    const withUrl = { ...list, processes: [{ ...process, serviceUrl: "https://x" }] };
    expect(processListResponseSchema.safeParse(withUrl).success).toBe(false);
  });
});
