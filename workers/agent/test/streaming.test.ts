import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { agentExecuteSuccessSchema } from "#shared/schemas/agent";
import { MAX_PARTIALS } from "../src/authoring/run-events.js";
import { STREAM_CAP_BYTES } from "../src/http/event-stream.js";
import { wantsEventStream } from "../src/http/stream-execute.js";
import { agentRequest, jsonBody, signedExecuteRequest } from "./helpers.js";
import { answerOf, openEcho, readStream, streamRequest, types } from "./stream-helpers.js";

async function stream(body: unknown, vars: Record<string, unknown> = {}) {
  const { response, done } = await openEcho(await streamRequest(body), vars);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const read = await readStream(response);
  await done;
  return read;
}

describe("POST /execute with Accept: text/event-stream", () => {
  it("streams started, the log lines, progress and partials as they come, then the answer", async () => {
    const read = await stream(
      agentRequest({
        data: { log: ["one", "two"], progress: [10, 40], partials: { count: 1, bytes: 3 } },
      }),
    );
    expect(types(read)).toEqual([
      "started",
      "log",
      "log",
      "progress",
      "progress",
      "partial",
      "answer",
    ]);
    const events = read.events.map(({ event }) => event);
    expect(events[1]).toMatchObject({ type: "log", line: expect.stringMatching(/INFO one$/) });
    expect(events[3]).toEqual({ type: "progress", progress: { progress: 10, total: 100 } });
    expect(events[5]).toEqual({ type: "partial", data: { i: 0, fill: "xxx" } });
    const answer = agentExecuteSuccessSchema.parse(answerOf(read));
    expect(answer.logs).toEqual([
      expect.stringMatching(/INFO one$/),
      expect.stringMatching(/INFO two$/),
    ]);
  });

  it("answers in the answer event exactly what /execute answers as JSON, and replays it", async () => {
    const request = agentRequest({ data: { log: ["hi"] } });
    const streamed = answerOf(await stream(request));
    // The same signed request again: the stored run, as JSON and as a stream of one answer event.
    const json = await SELF.fetch(await signedExecuteRequest(request));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual(streamed);
    const replayed = await stream(request);
    expect(types(replayed)).toEqual(["answer"]);
    expect(answerOf(replayed)).toEqual(streamed);
  });

  it("streams a duplicate that arrives mid-run the first run's answer alone, without running again", async () => {
    const request = agentRequest({ data: { delayMs: 150, log: ["once"] } });
    const [first, duplicate] = await Promise.all([stream(request), stream(request)]);
    const [full, alone] = types(first).length > 1 ? [first, duplicate] : [duplicate, first];
    expect(types(full)).toEqual(["started", "log", "answer"]);
    expect(types(alone)).toEqual(["answer"]);
    expect(answerOf(alone)).toEqual(answerOf(full));
  });

  it("streams a JSON run's replay as its one answer event, a failure too", async () => {
    const request = agentRequest({ data: { fail: "nope" } });
    const json = await SELF.fetch(await signedExecuteRequest(request));
    expect(json.status).toBe(400);
    const body = await json.json();
    const replayed = await stream(request);
    expect(types(replayed)).toEqual(["answer"]);
    expect(answerOf(replayed)).toEqual(body);
    expect(answerOf(replayed)).toMatchObject({ success: false, error: "nope" });
  });

  it("keeps refusals JSON answers with their statuses", async () => {
    const request = agentRequest({ data: { n: 1 } });
    await stream(request);
    const cases: [Request, number][] = [
      [await streamRequest({ ...request, data: { n: 2 } }), 409],
      [await streamRequest({ transactionId: "not-an-agent-request" }), 400],
      [await streamRequest(agentRequest({ processId: "someone-else" })), 403],
      [
        new Request("http://agent/execute", {
          method: "POST",
          headers: { accept: "text/event-stream", "content-type": "application/json" },
          body: JSON.stringify(agentRequest()),
        }),
        401,
      ],
    ];
    for (const [refused, status] of cases) {
      const { response, done } = await openEcho(refused);
      await done;
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await jsonBody(response)).toMatchObject({ success: false });
    }
  });

  it("never lets progress go back, and fails a run that reports a negative one", async () => {
    const read = await stream(agentRequest({ data: { progress: [10, 50, 30, 50, 80] } }));
    const values = read.events.flatMap(({ event }) =>
      event.type === "progress" ? [event.progress.progress] : [],
    );
    expect(values).toEqual([10, 50, 50, 80]);
    const bad = answerOf(await stream(agentRequest({ data: { progress: [-1] } })));
    expect(bad).toMatchObject({ success: false, error: expect.stringContaining("progress()") });
  });

  it("streams log lines within the log bounds (AGENT_LOG_MAX_LINES 8, AGENT_LOG_MAX_LINE_BYTES 128)", async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `${i} ${"é".repeat(200)}`);
    const read = await stream(agentRequest({ data: { log: lines } }));
    const streamed = read.events.flatMap(({ event }) => (event.type === "log" ? [event.line] : []));
    expect(streamed).toHaveLength(8);
    for (const line of streamed) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(128);
    }
    expect(answerOf(read).logs).toHaveLength(8);
  });

  it(`sends at most ${MAX_PARTIALS} partials and says how many it dropped`, async () => {
    const read = await stream(agentRequest({ data: { partials: { count: 120, bytes: 1 } } }));
    expect(types(read).filter((type) => type === "partial")).toHaveLength(MAX_PARTIALS);
    const notice = read.events.at(-2)?.event;
    expect(notice).toMatchObject({
      type: "log",
      line: expect.stringMatching(/WARN 20 stream events dropped/),
    });
    // The notice is the stream's; the run's own log lines are unchanged.
    expect(answerOf(read).logs).toEqual([]);
  });

  it("drops events past the budget so the whole stream stays under the gateway's 2 MiB", async () => {
    const read = await stream(agentRequest({ data: { partials: { count: 60, bytes: 60_000 } } }));
    expect(read.bytes).toBeLessThan(STREAM_CAP_BYTES);
    const sent = types(read).filter((type) => type === "partial").length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(60);
    expect(read.events.at(-2)?.event).toMatchObject({
      type: "log",
      line: expect.stringContaining(`WARN ${60 - sent} stream events dropped`),
    });
    expect(answerOf(read)).toMatchObject({ success: true });
  });

  it("sends keep-alive comments while the handler works", async () => {
    const read = await stream(agentRequest({ data: { delayMs: 200 } }), {
      AGENT_STREAM_HEARTBEAT_MS: "20",
    });
    expect(read.comments).toBeGreaterThan(0);
    expect(answerOf(read)).toMatchObject({ success: true });
  });

  it("streams only when Accept names the event stream (and does not refuse it with q=0)", () => {
    expect(wantsEventStream("text/event-stream")).toBe(true);
    expect(wantsEventStream("application/json, Text/Event-Stream;q=0.5")).toBe(true);
    expect(wantsEventStream("text/event-stream;q=0")).toBe(false);
    expect(wantsEventStream("application/json")).toBe(false);
    expect(wantsEventStream("*/*")).toBe(false);
    expect(wantsEventStream(undefined)).toBe(false);
  });
});
