import { describe, expect, it } from "vitest";
import { fetchEcho, jsonBody } from "./helpers.js";

const CHUNK = 64 * 1024;

/** A chunked body of `total` bytes that counts what the agent pulls and sees a cancel. */
function meteredBody(total: number) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) {
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
        pulled += CHUNK;
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

describe("AGENT_MAX_BODY_BYTES on the stream (issue 13, door 7)", () => {
  it("refuses an unauthenticated chunked body past the limit without reading the rest", async () => {
    const limit = 256 * 1024;
    const body = meteredBody(32 * 1024 * 1024);
    const request = new Request("http://agent/execute", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body.stream,
    });
    const response = await fetchEcho(request, { AGENT_MAX_BODY_BYTES: String(limit) });
    expect(response.status).toBe(413);
    expect(await jsonBody(response)).toMatchObject({ success: false, code: "payload_too_large" });
    // Memory bounded: no more than the limit and the chunk that crossed it was read...
    expect(body.pulled()).toBeLessThanOrEqual(limit + 2 * CHUNK);
    // ...and the rest of the upload was refused, not left pending.
    expect(body.cancelled()).toBe(true);
  });

  it("refuses a declared Content-Length past the limit before reading anything", async () => {
    const body = meteredBody(8 * CHUNK);
    const request = new Request("http://agent/execute", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(8 * CHUNK) },
      body: body.stream,
    });
    const response = await fetchEcho(request, { AGENT_MAX_BODY_BYTES: String(CHUNK) });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK);
  });
});
