import { describe, expect, it } from "vitest";
import { prioritySchema } from "#shared/schemas/priority";

describe("prioritySchema", () => {
  it("accepts integers 0 to 3", () => {
    for (const p of [0, 1, 2, 3]) expect(prioritySchema.parse(p)).toBe(p);
  });

  it('rejects 4, -1, 1.5 and the string "2"', () => {
    for (const bad of [4, -1, 1.5, "2", null, Number.NaN]) {
      expect(prioritySchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
