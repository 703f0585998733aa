import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { GATEWAY } from "../support/ledger-fixtures.js";

// A JSON route's body sent as another media type, or with none, is refused with 415 before it is
// read (docs/gateway.md, "Errors"). The routes come from the gateway's own OpenAPI document, so a
// POST route added later is held to the same rule.
type Doc = { paths: Record<string, Record<string, { requestBody?: { content?: object } }>> };

async function jsonPostPaths(): Promise<string[]> {
  const res = await SELF.fetch(`${GATEWAY}/openapi.json`);
  const doc = await res.json<Doc>();
  return Object.entries(doc.paths)
    .filter(([, methods]) => methods.post?.requestBody?.content !== undefined)
    .map(([path]) => path.replaceAll(/\{[^}]+\}/g, "p1"));
}

// A body every POST route would accept as far as its fields go, so only the media type is wrong.
const body = JSON.stringify({
  processId: "p1",
  amount: "1",
  userAddress: `0x${"1".repeat(64)}`,
  taskId: "t1",
  input: {},
});

describe("a JSON body that is not declared as JSON", () => {
  it("the document lists the gateway's POST routes", async () => {
    expect(await jsonPostPaths()).toEqual(
      expect.arrayContaining(["/api/execute/p1", "/api/payment"]),
    );
  });

  for (const [label, headers, sent] of [
    ["as text/plain", { "content-type": "text/plain" }, "text/plain"],
    // curl -d's default.
    [
      "as a form",
      { "content-type": "application/x-www-form-urlencoded" },
      "application/x-www-form-urlencoded",
    ],
    ["with no Content-Type", {}, "none"],
  ] as const) {
    it(`every POST route answers 415 naming application/json, ${label}`, async () => {
      for (const path of await jsonPostPaths()) {
        // Bytes rather than a string, so fetch adds no Content-Type of its own.
        const res = await SELF.fetch(`${GATEWAY}${path}`, {
          method: "POST",
          headers,
          body: new TextEncoder().encode(body),
        });
        expect(res.status, path).toBe(415);
        expect(await res.json(), path).toMatchObject({
          success: false,
          code: "unsupported_media_type",
          error: `Content-Type must be application/json (got ${sent})`,
        });
      }
    });
  }

  it("a JSON Content-Type with parameters or a +json suffix is JSON", async () => {
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const res = await SELF.fetch(`${GATEWAY}/api/payment`, {
        method: "POST",
        headers: { "content-type": type },
        body: "{}",
      });
      expect(res.status, type).toBe(400);
      expect(await res.json(), type).toMatchObject({ code: "validation_failed" });
    }
  });
});
