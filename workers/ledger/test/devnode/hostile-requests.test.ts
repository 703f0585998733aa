import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DRAIN_BYTES } from "../../src/request-body.js";
import { BASE, instanceFetcher } from "./sdk-client.js";

// Requests an attacker sends the devnode: bodies far over the limit, paths with escapes that do
// not decode. Each is a 4xx in the node's error shape, never a 500, and costs bounded memory.

const SIGNED_TRANSACTION_BCS = "application/x.aptos.signed_transaction+bcs";
const MB = 1024 * 1024;

/** A body of `total` bytes in 64 KiB chunks that counts what the reader pulled. */
function countingBody(total: number) {
  const seen = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        const chunk = new Uint8Array(Math.min(64 * 1024, total - seen.pulled));
        seen.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

async function expectNodeError(response: Response, status: number, errorCode: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ error_code: errorCode, vm_error_code: null });
}

describe("request bodies over the limit", () => {
  for (const [path, contentType] of [
    ["/v1/transactions", SIGNED_TRANSACTION_BCS],
    ["/v1/transactions/batch", SIGNED_TRANSACTION_BCS],
    ["/v1/view", "application/json"],
    ["/fund", "application/json"],
  ] as const) {
    it(`refuses a chunked 60 MB body to ${path} with a 413 after reading at most the limit`, async () => {
      const { stream, seen } = countingBody(60 * MB);
      const response = await SELF.fetch(`${BASE}${path}`, {
        method: "POST",
        headers: { "content-type": contentType },
        body: stream,
      });
      await expectNodeError(response, 413, "invalid_input");
      // Read up to the limit (a batch: 100 transactions of 64 KiB), then at most DRAIN_BYTES
      // discarded to keep the connection, and a chunk or two in flight.
      const limit = path === "/v1/transactions/batch" ? 100 * 64 * 1024 : 64 * 1024;
      expect(seen.pulled).toBeLessThanOrEqual(limit + DRAIN_BYTES + 256 * 1024);
    });
  }

  it("still refuses a declared Content-Length over the limit before reading", async () => {
    const response = await SELF.fetch(`${BASE}/v1/transactions`, {
      method: "POST",
      headers: { "content-type": SIGNED_TRANSACTION_BCS, "content-length": String(65 * 1024) },
      body: new Uint8Array(65 * 1024),
    });
    await expectNodeError(response, 413, "invalid_input");
  });

  it("accepts a chunked body under the limit as it would a declared one", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ query: "processor_status" }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body);
        controller.close();
      },
    });
    const response = await SELF.fetch(`${BASE}/v1/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(response.status).toBe(200);
  });
});

describe("the devnode object's own limit, behind the Worker", () => {
  it("refuses a chunked body over the limit sent straight to the Durable Object", async () => {
    const { stream, seen } = countingBody(60 * MB);
    const response = await instanceFetcher("hostile-requests")(`${BASE}/v1/transactions`, {
      method: "POST",
      headers: { "content-type": SIGNED_TRANSACTION_BCS },
      body: stream,
    });
    await expectNodeError(response, 413, "invalid_input");
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024 + 256 * 1024);
  });
});

describe("path segments that do not decode to a type", () => {
  for (const path of [
    "/v1/accounts/0x1/balance/%25zz",
    "/v1/accounts/0x1/balance/%C0",
    "/v1/accounts/0x1/balance/%ff",
    "/v1/accounts/0x1/balance/%25",
    "/v1/accounts/0x1/resource/%25",
    "/v1/accounts/0x1/resource/%25zz",
    "/v1/accounts/0x1/resource/%C0",
    "/v1/accounts/0x1/resource/%ff",
    "/v1/accounts/0x1/resource/0x1::account::Account%00",
  ]) {
    it(`answers ${path} with a 400 invalid_input`, async () => {
      await expectNodeError(await SELF.fetch(`${BASE}${path}`), 400, "invalid_input");
    });
  }

  it("still reads an escaped coin type once", async () => {
    const escaped = encodeURIComponent("0x1::aptos_coin::AptosCoin");
    const response = await SELF.fetch(`${BASE}/v1/accounts/0x1/balance/${escaped}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^\d+$/);
    const resource = await SELF.fetch(
      `${BASE}/v1/accounts/0x1/resource/${encodeURIComponent("0x1::account::Account")}`,
    );
    await expectNodeError(resource, 404, "resource_not_found");
  });
});
