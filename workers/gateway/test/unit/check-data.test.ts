import { describe, expect, it } from "vitest";
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

describe("checkExecuteData", () => {
  it("passes data that conforms", () => {
    expect(checkExecuteData({ data: { items: ["a"] }, inputSchema: schema })).toBeNull();
  });

  it("names the innermost failing field under body.data, escapes decoded, indexes as [n]", () => {
    const error = checkExecuteData({
      data: { "a/b": { "x~y": 1.5 }, items: ["ok", ""] },
      inputSchema: schema,
    });
    expect(error?.code).toBe("validation_failed");
    // The check stops at the first failure (docs/gateway.md, "What the gateway checks").
    expect(error?.details?.issues).toEqual([
      { path: "body.data.a/b.x~y", message: expect.stringContaining("integer") },
    ]);
    expect(checkExecuteData({ data: { items: ["ok", ""] }, inputSchema: schema })?.details).toEqual(
      {
        issues: [{ path: "body.data.items[1]", message: expect.stringMatching(/short|length/i) }],
      },
    );
  });

  it("names a missing required property as required", () => {
    expect(checkExecuteData({ data: {}, inputSchema: schema })?.message).toBe(
      "body.data.items: required",
    );
  });

  it("calls a schema it cannot apply the agent's fault, not the caller's", () => {
    const broken = { $ref: "#/$defs/missing" };
    expect(checkExecuteData({ data: {}, inputSchema: broken })?.code).toBe("agent_unavailable");
  });
});
