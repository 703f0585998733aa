import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentExecuteFailureSchema, agentExecuteSuccessSchema } from "#shared/schemas/agent";
import {
  agentRequest,
  fetchEcho,
  jsonBody,
  PROCESS_ID,
  signedExecuteRequest,
  signedLogsRequest,
} from "./helpers.js";

const execute = async (body: unknown) => SELF.fetch(await signedExecuteRequest(body));

describe("POST /execute", () => {
  it("answers 200 with the handler's result, executionTime and logs", async () => {
    const request = agentRequest({
      data: { hello: "world", log: ["first", "second"] },
      workflowId: "echo",
    });
    const response = await execute(request);
    expect(response.status).toBe(200);
    const body = agentExecuteSuccessSchema.parse(await response.json());
    expect(body.result).toMatchObject({
      echo: { hello: "world", log: ["first", "second"] },
      transactionId: request.transactionId,
      workflowId: "echo",
    });
    expect(body.executionTime).toBeGreaterThanOrEqual(0);
    expect(body.logs).toHaveLength(2);
    expect(body.logs[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO first$/);
    expect(body.logs[1]).toMatch(/ INFO second$/);
  });

  it("answers 400 naming the field when the body is not an AgentRequest", async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...agentRequest(), userAddress: "not-an-address" }, "userAddress"],
      [{ ...agentRequest(), transactionId: "" }, "transactionId"],
      [{ ...agentRequest(), data: "text" }, "data"],
      [{ ...agentRequest(), priority: 7 }, "priority"],
      [{ ...agentRequest(), processId: undefined }, "processId"],
    ];
    for (const [body, field] of cases) {
      const response = await execute(body);
      expect(response.status).toBe(400);
      const parsed = await jsonBody(response);
      expect(parsed).toMatchObject({
        success: false,
        code: "validation_failed",
        executionTime: 0,
        logs: [],
      });
      expect(parsed.error).toContain(field);
    }
  });

  it("answers 400 to a body that is not JSON", async () => {
    const response = await execute("{not json");
    expect(response.status).toBe(400);
    expect(await jsonBody(response)).toMatchObject({ success: false, code: "invalid_json" });
  });

  it("answers 413 to a body over AGENT_MAX_BODY_BYTES", async () => {
    const request = agentRequest({ data: { big: "x".repeat(4_096) } });
    const response = await fetchEcho(await signedExecuteRequest(request), {
      AGENT_MAX_BODY_BYTES: "1024",
    });
    expect(response.status).toBe(413);
    expect(await jsonBody(response)).toMatchObject({ success: false, code: "payload_too_large" });
  });

  it("refuses a body meant for another process, even signed for this one", async () => {
    const response = await SELF.fetch(
      await signedExecuteRequest(agentRequest({ processId: "someone-else" }), {
        processId: PROCESS_ID,
      }),
    );
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(body.error).toContain(PROCESS_ID);
  });

  it("answers SPEC's 400 failure body naming the data field when the agent's input schema fails", async () => {
    const response = await execute(agentRequest({ data: { delayMs: "soon" } }));
    expect(response.status).toBe(400);
    const body = agentExecuteFailureSchema.parse(await response.json());
    expect(body.error).toContain("data.delayMs");
    expect(body.executionTime).toBe(0);
    // The refusal is logged like any failed run (docs/agent.md, "The handler").
    expect(body.logs).toEqual([expect.stringMatching(/ERROR Invalid input: data\.delayMs: /)]);
  });

  it("answers 400 with the thrown message and the lines logged before the throw", async () => {
    const request = agentRequest({ data: { log: ["step one", "step two"], fail: "disk on fire" } });
    const response = await execute(request);
    expect(response.status).toBe(400);
    const body = agentExecuteFailureSchema.parse(await response.json());
    expect(body.error).toBe("disk on fire");
    expect(body.logs).toHaveLength(3);
    expect(body.logs[0]).toMatch(/INFO step one$/);
    expect(body.logs[1]).toMatch(/INFO step two$/);
    expect(body.logs[2]).toMatch(/ERROR Agent handler threw: disk on fire$/);
  });

  it("answers 400 when the handler outlives the time limit, aborting its signal", async () => {
    // The test config's limit is 500 ms.
    const request = agentRequest({ data: { log: ["waiting"], delayMs: 5_000 } });
    const response = await execute(request);
    expect(response.status).toBe(400);
    const body = agentExecuteFailureSchema.parse(await response.json());
    expect(body.error).toBe("Agent timed out after 500 ms");
    expect(body.executionTime).toBeGreaterThanOrEqual(500);
    expect(body.executionTime).toBeLessThan(5_000);
    expect(body.logs[0]).toMatch(/INFO waiting$/);
    expect(body.logs.at(-1)).toMatch(/ERROR Agent timed out after 500 ms$/);
  });

  it("keeps the result and logs in the body when transactions are not recorded", async () => {
    const request = agentRequest({ data: { log: ["unrecorded"] } });
    const response = await fetchEcho(await signedExecuteRequest(request), {
      AGENT_RECORD_TRANSACTIONS: "false",
    });
    expect(response.status).toBe(200);
    const body = agentExecuteSuccessSchema.parse(await response.json());
    expect(body.logs[0]).toMatch(/INFO unrecorded$/);
    const logs = await fetchEcho(await signedLogsRequest(request.transactionId), {
      AGENT_RECORD_TRANSACTIONS: "false",
    });
    expect(logs.status).toBe(404);
  });
});
