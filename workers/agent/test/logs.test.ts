import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  agentExecuteFailureSchema,
  agentExecuteSuccessSchema,
  agentLogsResponseSchema,
} from "#shared/schemas/agent";
import {
  agentRequest,
  jsonBody,
  newTransactionId,
  signedExecuteRequest,
  signedLogsRequest,
} from "./helpers.js";

const logsOf = async (transactionId: string) => SELF.fetch(await signedLogsRequest(transactionId));

describe("GET /logs/:transactionId", () => {
  it("returns the stored lines of a finished transaction, as the execute answer gave them", async () => {
    const request = agentRequest({ data: { log: ["a", "b"] } });
    const executed = agentExecuteSuccessSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    const response = await logsOf(request.transactionId);
    expect(response.status).toBe(200);
    const body = agentLogsResponseSchema.parse(await response.json());
    expect(body.transactionId).toBe(request.transactionId);
    expect(body.logs).toEqual(executed.logs);
    expect(Date.parse(body.timestamp)).not.toBeNaN();
  });

  it("keeps the logs of a failed run, the failure's cause included", async () => {
    const request = agentRequest({ data: { log: ["before"], fail: "boom" } });
    const executed = agentExecuteFailureSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    const body = agentLogsResponseSchema.parse(await (await logsOf(request.transactionId)).json());
    expect(body.logs).toEqual(executed.logs);
    expect(body.logs.at(-1)).toMatch(/Agent handler threw: boom$/);
  });

  it("keeps the logs of a run its input schema refused, and replays that refusal", async () => {
    const request = agentRequest({ data: { delayMs: "soon" } });
    const executed = agentExecuteFailureSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    expect(executed.error).toMatch(/^Invalid input: data\.delayMs: /);
    const response = await logsOf(request.transactionId);
    expect(response.status).toBe(200);
    const body = agentLogsResponseSchema.parse(await response.json());
    expect(body.logs).toEqual(executed.logs);
    expect(body.logs).toEqual([expect.stringContaining(`ERROR ${executed.error}`)]);
    // The refusal is that transactionId's one outcome: a repeat answers it again.
    const replayed = agentExecuteFailureSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    expect(replayed).toEqual(executed);
  });

  it("answers 404 JSON for a transaction id it never saw", async () => {
    const response = await logsOf(newTransactionId("unknown"));
    expect(response.status).toBe(404);
    expect(await jsonBody(response)).toMatchObject({
      success: false,
      code: "transaction_not_found",
      error: "Transaction not found",
    });
  });

  it("answers 400 naming the field for a transaction id over the length limit", async () => {
    const response = await logsOf("x".repeat(200));
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(body.error).toContain("transactionId");
  });

  it("keeps at most AGENT_LOG_MAX_LINES lines, saying how many were dropped", async () => {
    // The test config allows 8 lines per transaction.
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const request = agentRequest({ data: { log: lines } });
    const executed = agentExecuteSuccessSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    expect(executed.logs).toHaveLength(8);
    expect(executed.logs[6]).toMatch(/INFO line 6$/);
    expect(executed.logs[7]).toMatch(/WARN 13 log lines dropped \(limit 8 per transaction\)$/);
    const stored = agentLogsResponseSchema.parse(
      await (await logsOf(request.transactionId)).json(),
    );
    expect(stored.logs).toEqual(executed.logs);
  });

  it("keeps the failure line even when the author's lines filled the bound", async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const request = agentRequest({ data: { log: lines, fail: "late failure" } });
    const executed = agentExecuteFailureSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    expect(executed.logs).toHaveLength(8);
    expect(executed.logs[6]).toMatch(/WARN 14 log lines dropped/);
    expect(executed.logs[7]).toMatch(/ERROR Agent handler threw: late failure$/);
  });

  it("cuts a line to AGENT_LOG_MAX_LINE_BYTES UTF-8 bytes on a character boundary", async () => {
    // The test config allows 128 bytes per line.
    const request = agentRequest({ data: { log: ["é".repeat(200)] } });
    const executed = agentExecuteSuccessSchema.parse(
      await (await SELF.fetch(await signedExecuteRequest(request))).json(),
    );
    const [line] = executed.logs;
    expect(line).toBeDefined();
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(128);
    expect(line).toMatch(/INFO é+…\[truncated\]$/);
  });
});
