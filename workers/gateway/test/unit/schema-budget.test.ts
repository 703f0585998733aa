import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoAgent } from "../../../agent/examples/echo/src/echo-agent.js";
import { jsonTransformAgent } from "../../../agent/examples/json-transform/src/json-transform-agent.js";
import { textStatsAgent } from "../../../agent/examples/text-stats/src/text-stats-agent.js";
import { agentSchemaOf } from "../../src/schema/agent-schema.js";
import { checkExecuteData } from "../../src/schema/check-data.js";
import { checkedCopy } from "../../src/schema/checked-copy.js";
import { MAX_IN_PLACE_WEIGHT } from "../../src/schema/in-place-cost.js";
import { MAX_REFS, MAX_SCHEMA_NESTING, schemaBudget } from "../../src/schema/schema-budget.js";
import { anyOfChain, HOSTILE_CASES } from "../support/hostile-schemas.js";

describe("the data check against hostile schemas and data (issue 20, point 3)", () => {
  it.each(HOSTILE_CASES)("$name: $expect", ({ schema, data, expect: expected }) => {
    const verdict = schemaBudget(schema);
    const answer = checkExecuteData({ data, inputSchema: schema });
    if (expected === "refused") {
      expect(verdict).toEqual({ refusal: expect.any(String) });
      expect(answer).toMatchObject({ ok: false, error: { code: "agent_unavailable" } });
      return;
    }
    expect(verdict).not.toHaveProperty("refusal");
    if (expected === "passes") expect(answer).toEqual({ ok: true, value: true });
    else expect(answer).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });

  it("names the limit a schema is refused for", () => {
    const refusal = (schema: Record<string, unknown>) => {
      const verdict = schemaBudget(schema);
      return "refusal" in verdict ? verdict.refusal : "accepted";
    };
    const byName = (name: string) => {
      const found = HOSTILE_CASES.find((c) => c.name.startsWith(name));
      if (found === undefined) throw new Error(name);
      return found.schema;
    };
    expect(refusal(byName("anyOf $ref chain, 14"))).toContain(String(MAX_IN_PLACE_WEIGHT));
    expect(refusal(byName("huge enum"))).toContain(String(MAX_IN_PLACE_WEIGHT));
    expect(refusal(byName("schema nested 100"))).toContain(String(MAX_SCHEMA_NESTING));
    expect(refusal(byName("$ref cycle without descent"))).toMatch(/cycle/);
    expect(refusal(byName("remote $ref"))).toMatch(/local reference/);
    const manyRefs = {
      $defs: { s: { type: "string" } },
      properties: Object.fromEntries(
        Array.from({ length: MAX_REFS + 1 }, (_, i) => [`p${i}`, { $ref: "#/$defs/s" }]),
      ),
    };
    expect(refusal(manyRefs)).toContain(String(MAX_REFS));
    expect(refusal({ properties: { a: { $id: "https://x.example/a" } } })).toMatch(/\$id/);
    expect(refusal({ enum: 5 })).toMatch(/enum is not a list/);
    expect(refusal({ properties: { "\ud800": {} } })).toMatch(/validator cannot read/);
  });

  it("stops at the first failing field", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "integer" } },
    };
    const answer = checkExecuteData({ data: { a: "x", b: "y" }, inputSchema: schema });
    expect(answer.ok ? undefined : answer.error.details?.issues).toEqual([
      { path: "body.data.a", message: 'Instance type "string" is invalid. Expected "integer"' },
    ]);
  });
});

describe("the checked copy only ever accepts more than the published schema", () => {
  const passes = (schema: Record<string, unknown>, data: Record<string, unknown>) =>
    checkExecuteData({ data, inputSchema: schema }).ok;

  it("drops patternProperties with the additionalProperties beside it", () => {
    const schema = {
      type: "object",
      patternProperties: { "^x-": { type: "integer" } },
      additionalProperties: false,
    };
    expect(passes(schema, { "x-a": 1 })).toBe(true);
    const copy = checkedCopy(schema);
    expect(copy).toMatchObject({ schema: { type: "object" }, weakened: true });
  });

  it("drops not, if/then/else and maxContains, and checks oneOf as anyOf, once a pattern is dropped", () => {
    const schema = {
      type: "object",
      properties: {
        n: { not: { type: "string", pattern: "^a" } },
        o: {
          oneOf: [
            { type: "string", pattern: "^a" },
            { type: "string", pattern: "b$" },
          ],
        },
        // Parsed: an object literal with `then` reads as a thenable to the linter.
        i: JSON.parse('{"if": {"pattern": "^a"}, "then": {"maxLength": 1}}'),
        c: { type: "array", contains: { pattern: "^a" }, maxContains: 1 },
      },
    };
    // Each accepted by the published schema's rules as the agent applies them, or refused only
    // by a regex the gateway leaves to the agent: the gateway passes them all.
    expect(passes(schema, { n: "abc", o: "ab", i: "abc", c: ["a", "a"] })).toBe(true);
    expect(passes(schema, { o: 5 })).toBe(false);
  });

  it("keeps every other rule: required, types, bounds, additionalProperties", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", maxLength: 2, pattern: "^z" } },
      required: ["a"],
      additionalProperties: false,
    };
    expect(passes(schema, { a: "ab" })).toBe(true);
    expect(passes(schema, { a: "abc" })).toBe(false);
    expect(passes(schema, {})).toBe(false);
    expect(passes(schema, { a: "a", b: 1 })).toBe(false);
  });

  it("keeps $anchor, so a $ref to a named subschema resolves and is checked", () => {
    const schema = {
      type: "object",
      properties: { a: { $ref: "#count" } },
      $defs: { count: { $anchor: "count", type: "integer" } },
    };
    expect(schemaBudget(schema)).not.toHaveProperty("refusal");
    expect(passes(schema, { a: 1 })).toBe(true);
    expect(passes(schema, { a: "one" })).toBe(false);
  });

  it("leaves enum and const values alone: they are data, not schemas", () => {
    const value = { pattern: "^a", not: {} };
    const schema = { type: "object", properties: { a: { pattern: "x", const: value } } };
    expect(passes(schema, { a: { pattern: "^a", not: {} } })).toBe(true);
    expect(value).toEqual({ pattern: "^a", not: {} });
  });
});

describe("the example agents' published input schemas", () => {
  it.each([echoAgent, jsonTransformAgent, textStatsAgent])("$id is within the budget", (agent) => {
    const schema = z.toJSONSchema(agent.input, { target: "draft-2020-12", io: "input" });
    expect(schemaBudget(schema as Record<string, unknown>)).not.toHaveProperty("refusal");
  });
});

describe("the budget when the schema is fetched", () => {
  /** An agent whose /info is the echo agent's with `inputSchema` replaced; counts its calls. */
  async function agentPublishing(inputSchema: Record<string, unknown>) {
    const echo = Reflect.get(env, "ECHO_AGENT") as Fetcher;
    const info = await (await echo.fetch("https://agent.internal/info")).json<object>();
    const calls = { count: 0 };
    const fetcher = {
      fetch: async () => {
        calls.count += 1;
        return Response.json({ ...info, inputSchema });
      },
    } as unknown as Fetcher;
    return { fetcher, calls };
  }

  const source = (fetcher: Fetcher, processId: string) => ({
    target: { fetcher, baseUrl: "https://agent.internal" },
    serviceUrl: `service://${processId}`,
    processId,
    ownerAddress: `0x${"1".repeat(64)}`,
    signer: { publicKey: new Uint8Array(32), sign: () => new Uint8Array(64) },
    timeoutMs: 2_000,
  });

  it("refuses a schema over the budget as the agent's fault, naming the limit", async () => {
    const { fetcher } = await agentPublishing(anyOfChain(14));
    const answer = await agentSchemaOf(source(fetcher, "budget-refused"));
    expect(answer).toEqual({
      ok: false,
      error: {
        code: "agent_unavailable",
        message: expect.stringContaining(`limit of ${MAX_IN_PLACE_WEIGHT}`),
      },
    });
  });

  it("accepts a schema within it and keeps it for the cache time", async () => {
    const { fetcher, calls } = await agentPublishing({ type: "object", properties: {} });
    const processId = "budget-accepted";
    expect((await agentSchemaOf(source(fetcher, processId))).ok).toBe(true);
    expect((await agentSchemaOf(source(fetcher, processId))).ok).toBe(true);
    expect(calls.count).toBe(1);
  });
});
