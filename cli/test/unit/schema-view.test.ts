import { describe, expect, it } from "vitest";
import { schemaFieldRows, schemaView } from "../../src/output/schema-view.js";

const input = {
  type: "object",
  properties: {
    text: { type: "string", maxLength: 10, pattern: "[a-z]" },
    missing: { type: "string", enum: ["omit", "null"], default: "omit" },
    tags: { type: "array", items: { type: "string" } },
    document: { $ref: "#/$defs/json" },
    either: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
  required: ["text"],
};

describe("schema view", () => {
  it("lists each field with its type, whether it is required, and its rules", () => {
    expect(schemaFieldRows(input)).toEqual([
      ["text", "string", "yes", 'max length 10, pattern "[a-z]"'],
      ["missing", '"omit" | "null"', "no", 'default "omit"'],
      ["tags", "string[]", "no", "-"],
      ["document", "json", "no", "-"],
      ["either", "string | null", "no", "-"],
    ]);
  });

  it("shows data, then result when there is one, and says where the full schema is", () => {
    const text = schemaView({
      processId: "p",
      inputSchema: { ...input, additionalProperties: false },
      outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    });
    expect(text).toMatch(/^process {2}p$/m);
    expect(text).toMatch(/^text +string +yes +max length 10/m);
    expect(text).not.toContain("other fields are accepted");
    expect(text).toMatch(/^result .*\nfield +type +required +rules\nn +integer +yes +-$/m);
    expect(text).toMatch(/--json\.$/);
  });

  it("says a schema without listed fields by its type", () => {
    expect(schemaView({ processId: "p", inputSchema: {} })).toContain(
      "\nany\n(other fields are accepted)",
    );
  });
});
