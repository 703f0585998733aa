import { A2AError, TaskNotFoundError } from "@a2a-js/sdk/errors";
import { describe, expect, it, vi } from "vitest";
import { LedgerError } from "#shared/ledger/errors";
import { a2aFault, guardedStream } from "../../src/a2a/a2a-fault.js";

describe("what an A2A client is told of a handler's error", () => {
  it("tells nothing of an unforeseen error's message (the SDK would echo it)", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const told = a2aFault(new Error("fetch http://10.0.0.7:8080/v1 failed: <html>secret"));
    expect(told).toBeInstanceOf(A2AError);
    expect(told.message).toBe("Internal server error");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("tells a ledger failure as the HTTP API does, and an A2A error as it is", () => {
    const down = a2aFault(new LedgerError({ kind: "network", message: "node unreachable" }));
    expect(down.metadata).toMatchObject({ code: "ledger_unavailable" });
    const notFound = new TaskNotFoundError({ message: "no such task" });
    expect(a2aFault(notFound)).toBe(notFound);
  });

  it("guards a stream's error the same way", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    }
    const seen: number[] = [];
    await expect(async () => {
      for await (const value of guardedStream(failing())) seen.push(value);
    }).rejects.toThrow("Internal server error");
    expect(seen).toEqual([1]);
    log.mockRestore();
  });
});
