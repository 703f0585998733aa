import { SELF } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentExecuteFailureSchema, agentInfoResponseSchema } from "#shared/schemas/agent";
import {
  A2A_X402_EXTENSION,
  AGENTGATE_CARD_EXTENSION,
  agentCardSchema,
} from "#shared/schemas/agent-card";
import { echoAgent } from "../examples/echo/src/echo-agent.js";
import { jsonTransformAgent } from "../examples/json-transform/src/json-transform-agent.js";
import { textStatsAgent } from "../examples/text-stats/src/text-stats-agent.js";
import { type AgentDefinition, createAgentWorker, defineAgent } from "../src/index.js";
import { agentRequest, fetchWorker, PROCESS_ID, signedExecuteRequest } from "./helpers.js";

/**
 * Each example agent with data its schema takes and data it refuses: the published JSON Schema
 * must agree with the zod check on both (docs/agent.md, "Input and output schemas").
 */
const EXAMPLES: {
  agent: AgentDefinition;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>[];
  required: string[];
}[] = [
  {
    agent: echoAgent,
    valid: { anything: [1, 2], log: ["a"], delayMs: 0 },
    invalid: [{ delayMs: "soon" }, { log: [1] }, { fail: "" }],
    required: [],
  },
  {
    agent: textStatsAgent,
    valid: { text: "The cat sat." },
    invalid: [{}, { text: 5 }, { text: " ?! " }],
    required: ["text"],
  },
  {
    agent: jsonTransformAgent,
    // `missing` has a default: a caller may leave it out (the input side of the schema).
    valid: { document: { user: { name: "Ada" } }, select: { name: "user.name" } },
    invalid: [{ document: {} }, { document: {}, select: { a: 1 } }, { select: {}, missing: "x" }],
    required: ["document", "select"],
  },
];

const GATEWAY_URL = "https://gateway.example/api-base";

describe.each(EXAMPLES)(
  "the $agent.id example's schemas",
  ({ agent, valid, invalid, required }) => {
    const worker = createAgentWorker(agent);
    // The test config names the process "Echo (tests)"; unset, the definition's name applies.
    const vars = { AGENT_PROCESS_ID: PROCESS_ID, AGENT_PROCESS_NAME: "" };
    const expectedInput = z.toJSONSchema(agent.input, { target: "draft-2020-12", io: "input" });

    it("/info carries the input schema as JSON Schema, and the output schema", async () => {
      const response = await fetchWorker(worker, new Request("http://agent/info"), vars);
      expect(response.status).toBe(200);
      const info = agentInfoResponseSchema.parse(await response.json());
      expect(info.inputSchema).toEqual(expectedInput);
      expect(info.inputSchema?.required ?? []).toEqual(required);
      expect(agent.output).toBeDefined();
      expect(info.outputSchema).toEqual(
        z.toJSONSchema(agent.output ?? z.never(), { target: "draft-2020-12", io: "output" }),
      );
    });

    it("publishes a JSON Schema that agrees with the zod check on accepted and refused data", async () => {
      const validator = new Validator(expectedInput as object, "2020-12");
      expect(agent.input.safeParse(valid).success).toBe(true);
      expect(validator.validate(valid).valid).toBe(true);
      for (const data of invalid) {
        expect([data, agent.input.safeParse(data).success]).toEqual([data, false]);
        expect([data, validator.validate(data).valid]).toEqual([data, false]);
      }
    });

    it("serves an A2A agent card: one skill for its process, the gateway's A2A URL as endpoint, the schema and price", async () => {
      const response = await fetchWorker(
        worker,
        new Request("http://agent/.well-known/agent-card.json"),
        { ...vars, AGENT_GATEWAY_URL: `${GATEWAY_URL}/`, AGENT_TASK_PRICE: "1500" },
      );
      expect(response.status).toBe(200);
      const card = agentCardSchema.parse(await response.json());
      expect(card.name).toBe(agent.name);
      expect(card.description).toBe(agent.description);
      expect(card.version).not.toBe("");
      const url = `${GATEWAY_URL}/a2a/${PROCESS_ID}`;
      expect(card.supportedInterfaces).toEqual([
        { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        { url, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
        { url, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
      ]);
      expect(card.capabilities.streaming).toBe(true);
      // An advertised price: the a2a-x402 extension, required.
      expect(card.capabilities.extensions[1]).toMatchObject({
        uri: A2A_X402_EXTENSION,
        required: true,
      });
      expect(card.skills).toHaveLength(1);
      expect(card.skills[0]).toMatchObject({ id: PROCESS_ID, inputModes: ["application/json"] });
      expect(card.skills[0]?.description).toContain("1500 octas of APT");
      const [extension] = card.capabilities.extensions;
      expect(extension.uri).toBe(AGENTGATE_CARD_EXTENSION);
      expect(extension.params).toMatchObject({
        processId: PROCESS_ID,
        gatewayUrl: GATEWAY_URL,
        inputSchema: expectedInput,
        pricing: { taskPrice: "1500", currency: "APT" },
        pricingUrl: `${GATEWAY_URL}/api/process/${PROCESS_ID}`,
      });
      expect(extension.params.outputSchema).toBeDefined();
    });
  },
);

describe("the agent card", () => {
  const card = async (vars: Record<string, unknown> = {}) =>
    fetchWorker(
      createAgentWorker(echoAgent),
      new Request("http://agent/.well-known/agent-card.json"),
      vars,
    );

  it("answers a 0.3 client (no A2A-Version) in 0.3's shape and a 1.0 client in 1.0's", async () => {
    const vars = { AGENT_GATEWAY_URL: GATEWAY_URL };
    const url = `${GATEWAY_URL}/a2a/${PROCESS_ID}`;
    const legacy = await card(vars);
    expect(legacy.headers.get("vary")).toMatch(/A2A-Version/i);
    expect(await legacy.json()).toMatchObject({ url, preferredTransport: "JSONRPC" });
    const current = await fetchWorker(
      createAgentWorker(echoAgent),
      new Request("http://agent/.well-known/agent-card.json", {
        headers: { "A2A-Version": "1.0" },
      }),
      vars,
    );
    expect(await current.json()).not.toHaveProperty("url");
  });

  it("is served unsigned, as public discovery data (like /info)", async () => {
    const response = await SELF.fetch("http://agent/.well-known/agent-card.json");
    expect(response.status).toBe(200);
    agentCardSchema.parse(await response.json());
  });

  it("still serves without AGENT_GATEWAY_URL, naming no endpoint and saying why", async () => {
    const response = await card();
    expect(response.status).toBe(200);
    const body = agentCardSchema.parse(await response.json());
    expect(body.supportedInterfaces).toEqual([]);
    const [extension] = body.capabilities.extensions;
    expect(extension.params).toMatchObject({ gatewayUrl: null, pricingUrl: null, pricing: null });
    expect(extension.params.problem).toMatch(/AGENT_GATEWAY_URL is not set/);
  });

  it("is not served by an agent with no gateway key: it would advertise a closed door", async () => {
    const response = await card({ AGENT_GATEWAY_PUBLIC_KEYS: "", AGENT_OWNER_ADDRESS: "" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "configuration_error" });
  });
});

describe("an output schema", () => {
  const lying = defineAgent({
    id: "liar",
    name: "Liar",
    input: z.object({ n: z.number() }),
    output: z.object({ doubled: z.number() }),
    handler: async ({ input }) => ({ doubled: String(input.n * 2) }),
  });
  const honest = defineAgent({
    ...lying,
    handler: async ({ input }) => ({ doubled: input.n * 2 }),
  });

  it("fails a run whose result breaks it, naming the field; a result that keeps it completes", async () => {
    const run = async (agent: typeof lying) =>
      fetchWorker(
        createAgentWorker(agent),
        await signedExecuteRequest(agentRequest({ data: { n: 2 } })),
      );
    const refused = await run(lying);
    expect(refused.status).toBe(400);
    const body = agentExecuteFailureSchema.parse(await refused.json());
    expect(body.error).toMatch(/^Agent result does not match its output schema: result\.doubled: /);
    expect(body.logs.at(-1)).toMatch(/ERROR Agent result does not match its output schema/);
    expect((await run(honest)).status).toBe(200);
  });

  it("is left out of /info when the author gives none", async () => {
    const { output: _output, ...plain } = honest;
    const response = await fetchWorker(createAgentWorker(plain), new Request("http://agent/info"));
    const info = agentInfoResponseSchema.parse(await response.json());
    expect(info.inputSchema).toBeDefined();
    expect(info).not.toHaveProperty("outputSchema");
  });
});
