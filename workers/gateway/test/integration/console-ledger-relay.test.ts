import { describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";

const BASE = "https://gateway.test";
const RELAY = `${BASE}/console/ledger`;
const address = `0x${"c1".repeat(32)}`;

describe("the console's ledger relay (docs/console.md, The ledger relay)", () => {
  it("answers the ledger's chain and an account's transactions as the node does", async () => {
    const info = await SELF.fetch(`${RELAY}/v1`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ chain_id: 4 });
    const listed = await SELF.fetch(`${RELAY}/v1/accounts/${address}/transactions?start=0&limit=5`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
  });

  it("passes the node's own refusal through", async () => {
    const answer = await SELF.fetch(`${RELAY}/v1/transactions/by_hash/0x${"ab".repeat(32)}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error_code: "transaction_not_found" });
  });

  it("serves every relayed answer as data, never as a page: nosniff, no sources, no framing, no cache", async () => {
    // The relay shares its origin with the development wallet's key (docs/console.md).
    const answers = [
      await SELF.fetch(`${RELAY}/v1`),
      await SELF.fetch(`${RELAY}/v1/transactions/by_hash/0x${"ab".repeat(32)}`),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      const policy = answer.headers.get("content-security-policy") ?? "";
      expect(policy.split(";").map((part) => part.trim())).toEqual(
        expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'"]),
      );
      expect(answer.headers.get("cache-control")).toBe("no-store");
      await answer.body?.cancel();
    }
  });

  it("refuses every call it does not list, before the ledger sees it", async () => {
    const refused: [string, RequestInit?][] = [
      [`${RELAY}/v1/accounts/${address}/resource/0x1::account::Account`],
      [`${RELAY}/v1/accounts/${address}/transactions?start=0&extra=1`],
      [`${RELAY}/v1/accounts/${address}`, { method: "POST" }],
      [`${RELAY}/fund`, { method: "POST" }],
      [`${RELAY}/v1/../fund`, { method: "POST" }],
    ];
    for (const [url, init] of refused) {
      const answer = await SELF.fetch(url, init);
      expect(answer.status, url).toBe(404);
    }
  });
});
