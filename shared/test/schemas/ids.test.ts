import { describe, expect, it } from "vitest";
import {
  paymentTaskIdSchema,
  processIdSchema,
  taskIdSchema,
  utf8Length,
  workflowIdSchema,
} from "#shared/schemas/ids";

describe("process, workflow and task ids", () => {
  const idSchemas = { processIdSchema, workflowIdSchema, taskIdSchema };

  for (const [name, schema] of Object.entries(idSchemas)) {
    it(`${name} accepts 1 and 64 bytes of [A-Za-z0-9._-]`, () => {
      expect(schema.parse("a")).toBe("a");
      expect(schema.parse("Ab0._-")).toBe("Ab0._-");
      expect(schema.safeParse("x".repeat(64)).success).toBe(true);
    });

    it(`${name} rejects empty, 65 bytes and characters outside the charset`, () => {
      expect(schema.safeParse("").success).toBe(false);
      expect(schema.safeParse("x".repeat(65)).success).toBe(false);
      expect(schema.safeParse("has space").success).toBe(false);
      expect(schema.safeParse("slash/id").success).toBe(false);
      expect(schema.safeParse(42).success).toBe(false);
    });
  }

  it("rejects a multi-byte UTF-8 id even when short in characters", () => {
    const id = "é".repeat(10);
    expect(utf8Length(id)).toBe(20);
    expect(processIdSchema.safeParse(id).success).toBe(false);
  });

  it("counts bytes rather than characters against the limit", () => {
    // 33 two-byte characters: 33 characters but 66 bytes.
    const result = processIdSchema.safeParse("é".repeat(33));
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain("must be 1..64 bytes");
  });
});

describe("payment task ids", () => {
  it("accepts up to 128 bytes", () => {
    expect(paymentTaskIdSchema.safeParse("t".repeat(65)).success).toBe(true);
    expect(paymentTaskIdSchema.safeParse("t".repeat(128)).success).toBe(true);
  });

  it("rejects 129 bytes, empty and bad characters", () => {
    expect(paymentTaskIdSchema.safeParse("t".repeat(129)).success).toBe(false);
    expect(paymentTaskIdSchema.safeParse("").success).toBe(false);
    expect(paymentTaskIdSchema.safeParse("tx:1").success).toBe(false);
  });
});
