import { describe, expect, it } from "vitest";
import { ok } from "#shared/errors/app-error";
import type { JsonObject } from "#shared/schemas/common";
import { checkExecuteData } from "../../src/schema/check-data.js";

const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    "a/b": { type: "object", properties: { "x~y": { type: "integer" } } },
    items: { type: "array", items: { type: "string", minLength: 1 } },
  },
  required: ["items"],
};

/** The check's refusal, or undefined when the data passes. */
function refusalOf(args: { data: JsonObject; inputSchema?: JsonObject }) {
  const result = checkExecuteData({ data: args.data, inputSchema: args.inputSchema ?? schema });
  return result.ok ? undefined : result.error;
}

describe("checkExecuteData", () => {
  it("passes data that conforms", () => {
    expect(checkExecuteData({ data: { items: ["a"] }, inputSchema: schema })).toEqual(ok(true));
  });

  it("names the innermost failing field under body.data, escapes decoded, indexes as [n]", () => {
    const error = refusalOf({ data: { "a/b": { "x~y": 1.5 }, items: ["ok", ""] } });
    expect(error?.code).toBe("validation_failed");
    // The check stops at the first failure (docs/gateway.md, "What the gateway checks").
    expect(error?.details?.issues).toEqual([
      { path: "body.data.a/b.x~y", message: expect.stringContaining("integer") },
    ]);
    expect(refusalOf({ data: { items: ["ok", ""] } })?.details).toEqual({
      issues: [{ path: "body.data.items[1]", message: expect.stringMatching(/short|length/i) }],
    });
  });

  it("names a missing required property as required", () => {
    expect(refusalOf({ data: {} })?.message).toBe("body.data.items: required");
  });

  it("calls a schema it cannot apply the agent's fault, not the caller's", () => {
    const broken = { $ref: "#/$defs/missing" };
    expect(refusalOf({ data: {}, inputSchema: broken })?.code).toBe("agent_unavailable");
  });
});
