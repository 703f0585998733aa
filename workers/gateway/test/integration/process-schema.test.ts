import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentInfoResponseSchema } from "#shared/schemas/agent";
import { processSchemaResponseSchema } from "#shared/schemas/gateway";
import { SELF } from "../support/checked-self.js";
import { failedRun } from "../support/failed-run.js";
import {
  address,
  execute,
  fundedAccount,
  GATEWAY,
  operator,
  pay,
  registerProcess,
  testProcess,
  uniqueId,
} from "../support/ledger-fixtures.js";
import { COUNTING_SERVICE_URL } from "../support/run-counts.js";

const schemaOf = (processId: string) => SELF.fetch(`${GATEWAY}/api/process/${processId}/schema`);

/** The agent's own /info, over the gateway's binding to it. */
async function agentInfo(binding: string) {
  const fetcher = Reflect.get(env, binding) as Fetcher;
  const res = await fetcher.fetch("https://agent.internal/info");
  return agentInfoResponseSchema.parse(await res.json());
}

async function verified(processId: string, user: string): Promise<boolean> {
  const res = await SELF.fetch(`${GATEWAY}/api/payment/verify/${processId}/${user}`);
  return (await res.json<{ verified: boolean }>()).verified;
}

describe("GET /api/process/:processId/schema", () => {
  // Each example agent the gateway binds, with a field its input schema requires.
  it.each([
    ["ECHO_AGENT", []],
    ["TEXT_STATS_AGENT", ["text"]],
    ["JSON_TRANSFORM_AGENT", ["document", "select"]],
  ])("answers the schemas %s publishes in /info", async (binding, required) => {
    const owner = await fundedAccount();
    const processId = await registerProcess({ owner, serviceUrl: `service://${binding}` });
    const res = await schemaOf(processId);
    expect(res.status).toBe(200);
    const body = processSchemaResponseSchema.parse(await res.json());
    const info = await agentInfo(binding);
    expect(body).toMatchObject({
      processId,
      inputSchema: info.inputSchema,
      outputSchema: info.outputSchema,
    });
    expect(body.inputSchema.required ?? []).toEqual(required);
    expect(body.outputSchema).toBeDefined();
  });

  it("answers 404 process_not_found for an unknown process", async () => {
    const res = await schemaOf(uniqueId("missing"));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "process_not_found" });
  });

  it("answers 404 not_found when the process's agent publishes no schema", async () => {
    const owner = await fundedAccount();
    const processId = await registerProcess({ owner, serviceUrl: COUNTING_SERVICE_URL });
    const res = await schemaOf(processId);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found", processId });
  });

  it("answers 502 agent_unavailable when the agent cannot be asked", async () => {
    const owner = await fundedAccount();
    const processId = await registerProcess({ owner, serviceUrl: "https://127.0.0.1:9" });
    const res = await schemaOf(processId);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: "agent_unavailable", processId });
  });

  it("is in the OpenAPI document", async () => {
    const doc = await (await SELF.fetch(`${GATEWAY}/openapi.json`)).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const route = doc.paths["/api/process/{processId}/schema"];
    expect(Object.keys(route?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "404", "502"]),
    );
  });
});

describe("execute checks data against the agent's input schema before claiming", () => {
  it("refuses paid data the schema refuses with SPEC's failed run naming the field; the payment stays usable", async () => {
    const processId = await testProcess("paid");
    const user = await fundedAccount();
    const taskId = await pay({ payer: user, processId });
    expect(await verified(processId, address(user))).toBe(true);

    const refused = await execute({
      processId,
      body: { userAddress: address(user), data: { delayMs: "soon", log: [1] } },
      signer: user,
    });
    expect(refused.status).toBe(400);
    const body = await refused.json<{ code: string; error: string }>();
    expect(body).toMatchObject(failedRun({ processId, code: "validation_failed" }));
    // The check stops at the first failing field (docs/gateway.md, "What the gateway checks").
    expect(body.error).toMatch(/^body\.data\.(delayMs|log\[0\]): [^;]*$/);
    // Nothing was claimed: the same payment still pays for a run with good data.
    expect(await verified(processId, address(user))).toBe(true);
    const ran = await execute({
      processId,
      body: { userAddress: address(user), data: { delayMs: 0 }, taskId },
      signer: user,
    });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ status: "completed", processId });
    expect(await verified(processId, address(user))).toBe(false);
  });

  it("names a missing required field", async () => {
    const owner = await fundedAccount();
    const processId = await registerProcess({ owner, serviceUrl: "service://TEXT_STATS_AGENT" });
    const res = await execute({ processId, body: { userAddress: address(owner), data: {} } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(
      failedRun({
        processId,
        code: "validation_failed",
        error: "body.data.text: required",
        details: { issues: [{ path: "body.data.text", message: "required" }] },
      }),
    );
  });

  it("claims nothing when the agent cannot be asked for its schema: the run would fail too", async () => {
    const owner = await fundedAccount();
    const user = await fundedAccount();
    const processId = await registerProcess({
      owner,
      serviceUrl: "https://127.0.0.1:9",
      paid: true,
      agents: [address(operator)],
    });
    await pay({ payer: user, processId });
    const res = await execute({ processId, body: { userAddress: address(user) }, signer: user });
    // The agent's fault, not the gateway's: SPEC's failed run, not a 5xx.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject(
      failedRun({
        code: "agent_unavailable",
        processId,
        details: { reason: expect.stringMatching(/could not be reached/), route: "/info" },
      }),
    );
    expect(await verified(processId, address(user))).toBe(true);
  });
});
