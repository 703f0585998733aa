import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { GATEWAY } from "../support/ledger-fixtures.js";

// A JSON route's body sent as another media type is refused before it is read
// (docs/gateway.md, "Errors").
describe("a body that is not declared as JSON", () => {
  for (const [path, body] of [
    ["/api/execute/p1", JSON.stringify({ userAddress: "0x1" })],
    ["/api/payment", JSON.stringify({ processId: "p1", amount: "1", userAddress: "0x1" })],
  ]) {
    it(`POST ${path} answers 415 JSON`, async () => {
      const res = await SELF.fetch(`${GATEWAY}${path}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body,
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ success: false, code: "unsupported_media_type" });
    });
  }
});
