import { describe, expect, it } from "vitest";
import { fetchAgentAnswer } from "../../src/execute/agent-answer.js";

const LIMIT = { route: "/info", maxBytes: 1024, deadlineMs: 500 };
const JSON_TYPE = { "content-type": "application/json" };

/** A stream of `chunks`, recording how many were pulled, then ending (or never, if `endless`). */
function counted(chunks: Uint8Array[], endless = false) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulled % chunks.length] ?? new Uint8Array(0);
      pulled += 1;
      if (!endless && pulled > chunks.length) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** An agent target whose binding answers `response` to any request. */
function answering(response: () => Response) {
  const fetcher = { fetch: async () => response(), connect: () => null } as unknown as Fetcher;
  return { fetcher, baseUrl: "https://agent.internal" };
}

function read(response: () => Response, limit = LIMIT) {
  return fetchAgentAnswer({ target: answering(response), path: "/info", init: {}, limit });
}

function jsonOf(bytes: number): Uint8Array {
  const text = `{"pad":"${"a".repeat(bytes - 10)}"}`;
  return new TextEncoder().encode(text);
}

describe("fetchAgentAnswer reads an agent's answer bounded", () => {
  it("reads an answer of exactly the cap, and parses it", async () => {
    const body = jsonOf(LIMIT.maxBytes);
    expect(body.byteLength).toBe(LIMIT.maxBytes);
    const answer = await read(() => new Response(body, { headers: JSON_TYPE }));
    expect(answer).toMatchObject({ ok: true, status: 200, json: { pad: expect.any(String) } });
  });

  it("cuts a body one byte over the cap, streamed without Content-Length", async () => {
    const { stream } = counted([jsonOf(LIMIT.maxBytes), new Uint8Array([0x20])]);
    const answer = await read(() => new Response(stream, { headers: JSON_TYPE }));
    expect(answer).toMatchObject({
      ok: false,
      reason: "too_large",
      error: {
        code: "agent_answer_too_large",
        message: "The agent's /info answer is over 1 KiB, the gateway's limit for it",
        details: { route: "/info", limitBytes: 1024 },
      },
    });
  });

  it("refuses a Content-Length over the cap before reading the body", async () => {
    const { stream, pulled } = counted([new Uint8Array(512)], true);
    const answer = await read(
      () => new Response(stream, { headers: { ...JSON_TYPE, "content-length": "4096" } }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "too_large" });
    // The stream's start may prefetch one chunk; nothing is read past it.
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("stops an endless body at the cap and cancels it at its source", async () => {
    const { stream, pulled } = counted([new Uint8Array(256).fill(0x61)], true);
    const answer = await read(() => new Response(stream, { headers: JSON_TYPE }));
    expect(answer).toMatchObject({ ok: false, reason: "too_large" });
    const after = pulled();
    await new Promise((r) => setTimeout(r, 50));
    expect(pulled()).toBe(after);
    expect(after).toBeLessThan(10);
  });

  it("counts decoded bytes: an encoded body's small Content-Length is not trusted", async () => {
    const { stream } = counted([new Uint8Array(512).fill(0x61)], true);
    const answer = await read(
      () =>
        new Response(stream, {
          headers: { ...JSON_TYPE, "content-encoding": "gzip", "content-length": "100" },
        }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "too_large" });
  });

  it("cuts a slow drip at the deadline, request and body together", async () => {
    const drip = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 50));
        controller.enqueue(new Uint8Array([0x20]));
      },
    });
    const started = Date.now();
    const answer = await read(() => new Response(drip, { headers: JSON_TYPE }));
    expect(answer).toMatchObject({
      ok: false,
      reason: "deadline",
      error: { code: "agent_unavailable", message: "The agent did not answer /info within 500 ms" },
    });
    expect(Date.now() - started).toBeLessThan(LIMIT.deadlineMs + 1_000);
  });

  it("does not read a body that is not labelled JSON, nor parse one that is not JSON", async () => {
    const { stream, pulled } = counted([new TextEncoder().encode('{"a":1}')]);
    const html = await read(
      () => new Response(stream, { headers: { "content-type": "text/html" } }),
    );
    expect(html).toEqual({ ok: true, status: 200, json: undefined });
    expect(pulled()).toBeLessThanOrEqual(1);
    const broken = await read(() => new Response('{"a":', { headers: JSON_TYPE }));
    expect(broken).toEqual({ ok: true, status: 200, json: undefined });
    const typed = await read(
      () => new Response('{"a":1}', { headers: { "content-type": "application/problem+json" } }),
    );
    expect(typed).toEqual({ ok: true, status: 200, json: { a: 1 } });
  });

  it("says an agent that cannot be reached is unavailable", async () => {
    const target = {
      fetcher: {
        fetch: async () => {
          throw new Error("connection refused");
        },
      } as unknown as Fetcher,
      baseUrl: "https://agent.internal",
    };
    const answer = await fetchAgentAnswer({ target, path: "/info", init: {}, limit: LIMIT });
    expect(answer).toMatchObject({
      ok: false,
      reason: "unreachable",
      error: { code: "agent_unavailable", message: "The agent could not be reached for /info" },
    });
  });
});
