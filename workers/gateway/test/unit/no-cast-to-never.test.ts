/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * Route handlers answer through `@hono/zod-openapi`'s typed `c.json(body, status, headers)`,
 * checked against each route's declared `responses`; a cast to `never` throws that check away
 * (docs/gateway.md, "The OpenAPI document"). This scan fails when one appears in src/.
 */
const SOURCES = import.meta.glob<string>("../../src/**/*.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});

const CAST_TO_NEVER = /\bas\s+never\b/;

describe("no cast to never in workers/gateway/src", () => {
  it("finds one where there is one", () => {
    expect(CAST_TO_NEVER.test("return send(c, answer) as never;")).toBe(true);
    expect(CAST_TO_NEVER.test("const x = y as\n    never;")).toBe(true);
    expect(CAST_TO_NEVER.test("type T = never; // as nevermore")).toBe(false);
  });

  it("has none in src/", () => {
    const casting = Object.entries(SOURCES)
      .filter(([, source]) => CAST_TO_NEVER.test(source))
      .map(([path]) => path);
    expect(casting).toEqual([]);
  });
});
