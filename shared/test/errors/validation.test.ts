import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatZodIssue, issuePath, validationError } from "#shared/errors/validation";
import { executeBodySchema, paymentBodySchema } from "#shared/schemas/gateway";

function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be rejected");
  return result.error.issues;
}

describe("formatZodIssue", () => {
  it("names the field path of an invalid address", () => {
    const issues = issuesOf(executeBodySchema, { userAddress: "0x123" });
    expect(formatZodIssue(issues, "body")).toBe("body.userAddress: invalid address");
  });

  it("says required for a missing field", () => {
    const issues = issuesOf(paymentBodySchema, { processId: "p", userAddress: "0x1" });
    expect(formatZodIssue(issues, "body")).toBe("body.amount: required");
  });

  it("names several fields and array positions", () => {
    const schema = z.object({ tags: z.array(z.string()), n: z.int() });
    const issues = issuesOf(schema, { tags: ["a", 1], n: "x" });
    const message = formatZodIssue(issues, "query");
    expect(message).toContain("query.tags[1]:");
    expect(message).toContain("query.n:");
  });

  it("caps the message at three fields", () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const message = formatZodIssue(issuesOf(schema, {}), "body");
    expect(message).toBe("body.a: required; body.b: required; body.c: required; and 1 more");
  });

  it("names every field when asked to (configuration errors)", () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const message = formatZodIssue(issuesOf(schema, {}), undefined, { maxIssues: Infinity });
    expect(message).toBe("a: required; b: required; c: required; d: required");
  });

  it("prefixes an agent's input with data", () => {
    const issues = issuesOf(z.object({ text: z.string() }), { text: 1 });
    expect(formatZodIssue(issues, "data")).toMatch(/^data\.text: /);
  });

  it("names the whole input when the path is empty", () => {
    expect(formatZodIssue(issuesOf(executeBodySchema, "text"), "body")).toMatch(/^body: /);
    expect(issuePath(undefined, [])).toBe("input");
    expect(issuePath(undefined, ["a", 0, "b"])).toBe("a[0].b");
  });
});

describe("validationError", () => {
  it("is a validation_failed error listing every issue", () => {
    const issues = issuesOf(paymentBodySchema, {
      processId: "p p",
      amount: "-1",
      userAddress: "x",
    });
    const err = validationError(issues, "body");
    expect(err.code).toBe("validation_failed");
    expect(err.message).toContain("body.processId:");
    expect(err.details).toEqual({
      issues: [
        { path: "body.processId", message: "may only contain A-Z a-z 0-9 . _ -" },
        { path: "body.amount", message: "must be a non-negative integer string of octas" },
        { path: "body.userAddress", message: "invalid address" },
      ],
    });
  });
});
