// Issue 23, "Quality": the console's first load is at most 150 KB of compressed JavaScript.
import { describe, expect, it } from "vitest";
import { buildConsole, CONSOLE_JS_BUDGET_BYTES } from "../../console/build.mjs";

describe("the console's bundle", () => {
  it("is within the budget of compressed JavaScript", async () => {
    const { bytes, gzipBytes } = await buildConsole();
    expect(bytes).toBeGreaterThan(gzipBytes);
    expect(gzipBytes).toBeLessThanOrEqual(CONSOLE_JS_BUDGET_BYTES);
  });
});
