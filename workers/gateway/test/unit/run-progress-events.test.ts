import { describe, expect, it } from "vitest";
import type { RunProgress } from "#shared/schemas/runs";
import { runProgressEvents } from "../../src/mcp/run-progress-events.js";

/** A stream that gives `chunks` one by one, then stays open unless `close` is set. */
function streamOf(chunks: string[], close: boolean): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (close) controller.close();
      else return new Promise(() => {});
    },
  });
}

async function collect(iterable: AsyncIterable<RunProgress>): Promise<RunProgress[]> {
  const seen: RunProgress[] = [];
  for await (const progress of iterable) seen.push(progress);
  return seen;
}

const event = (seq: number, type: string, data: unknown) =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

describe("runProgressEvents", () => {
  it("yields the progress events in order, across chunk boundaries, and stops at the result", async () => {
    const text =
      event(1, "status", { type: "status", status: "submitted" }) +
      event(2, "progress", {
        type: "progress",
        progress: { progress: 1, total: 3, message: "a" },
      }) +
      event(3, "log", { type: "log", line: "hello" }) +
      ": keep-alive\n\n" +
      event(4, "progress", { type: "progress", progress: { progress: 2 } }) +
      event(5, "result", { type: "result", run: {} });
    const chunks = [text.slice(0, 70), text.slice(70, 150), text.slice(150)];
    // Left open after the result: the reader must not wait for more.
    const seen = await collect(
      runProgressEvents({ body: streamOf(chunks, false), signal: new AbortController().signal }),
    );
    expect(seen).toEqual([{ progress: 1, total: 3, message: "a" }, { progress: 2 }]);
  });

  it("skips progress events that do not parse", async () => {
    const text =
      "event: progress\ndata: {not json\n\n" +
      event(2, "progress", { type: "progress", progress: { progress: -1 } }) +
      event(3, "progress", { type: "progress", progress: { progress: 5 } });
    const seen = await collect(
      runProgressEvents({ body: streamOf([text], true), signal: new AbortController().signal }),
    );
    expect(seen).toEqual([{ progress: 5 }]);
  });

  it("ends when the signal aborts, on a stream that stays open", async () => {
    const abort = new AbortController();
    const first = event(1, "progress", { type: "progress", progress: { progress: 1 } });
    const seen: RunProgress[] = [];
    for await (const progress of runProgressEvents({
      body: streamOf([first], false),
      signal: abort.signal,
    })) {
      seen.push(progress);
      abort.abort();
    }
    expect(seen).toEqual([{ progress: 1 }]);
  });
});
