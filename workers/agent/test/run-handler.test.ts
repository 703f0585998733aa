import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTransactionLog } from "../src/authoring/agent-log.js";
import { type AgentResult, defineAgent } from "../src/authoring/define-agent.js";
import { MAX_RESULT_BYTES, runAgentHandler } from "../src/execution/run-handler.js";

const request = {
  transactionId: "t",
  processId: "p",
  userAddress: `0x${"0".repeat(63)}1`,
  data: {},
};

function run(handler: Parameters<typeof defineAgent>[0]["handler"], timeoutMs = 200) {
  const agent = defineAgent({ id: "t", name: "t", input: z.object({}), handler });
  const transactionLog = createTransactionLog({ limits: { maxLines: 10, maxLineBytes: 256 } });
  return runAgentHandler({ agent, input: {}, request, transactionLog, timeoutMs }).then(
    (outcome) => ({ outcome, lines: transactionLog.lines() }),
  );
}

describe("runAgentHandler", () => {
  it("returns the handler's object and its JSON", async () => {
    const { outcome } = await run(async () => ({ n: 1, nested: { ok: true } }));
    expect(outcome).toEqual({
      status: "completed",
      result: { n: 1, nested: { ok: true } },
      resultJson: '{"n":1,"nested":{"ok":true}}',
    });
  });

  it("returns the result as JSON gives it back, so a replay matches the first answer", async () => {
    const { outcome } = await run(async () => ({ when: new Date(0), gone: undefined }));
    expect(outcome).toMatchObject({
      status: "completed",
      result: { when: "1970-01-01T00:00:00.000Z" },
    });
    expect(outcome.status === "completed" && "gone" in outcome.result).toBe(false);
  });

  it("aborts the handler's signal at the time limit and fails", async () => {
    let seen: AbortSignal | undefined;
    const { outcome, lines } = await run(async ({ signal }) => {
      seen = signal;
      // A handler that outlasts the 50 ms limit on purpose: the sleep is what is under test.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return {};
    }, 50);
    expect(outcome).toEqual({ status: "failed", error: "Agent timed out after 50 ms" });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(Error);
    expect(lines.at(-1)).toMatch(/ERROR Agent timed out after 50 ms$/);
  });

  it("fails on a thrown non-Error value without exposing it", async () => {
    const { outcome } = await run(async () => {
      throw { secret: "x" };
    });
    expect(outcome).toEqual({ status: "failed", error: "Agent handler threw a non-Error value" });
  });

  it("fails when the handler returns something other than a JSON object", async () => {
    for (const value of [null, [1, 2], "text", 3]) {
      const { outcome } = await run(async () => value as unknown as AgentResult);
      expect(outcome).toEqual({
        status: "failed",
        error: "Agent handler must return a JSON object",
      });
    }
  });

  it("fails when the result cannot be serialised or is too large", async () => {
    const notJson = await run(async () => ({ n: 1n }));
    expect(notJson.outcome).toMatchObject({ status: "failed" });
    expect(notJson.outcome.status === "failed" && notJson.outcome.error).toMatch(/not JSON/);
    const tooLarge = await run(async () => ({ s: "x".repeat(MAX_RESULT_BYTES) }));
    expect(tooLarge.outcome).toEqual({
      status: "failed",
      error: `Agent result exceeds ${MAX_RESULT_BYTES} bytes`,
    });
    expect(tooLarge.lines.at(-1)).toMatch(/Agent result exceeds/);
  });
});
