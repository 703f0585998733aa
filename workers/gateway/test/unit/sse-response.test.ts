import { describe, expect, it, vi } from "vitest";
import { sseResponse } from "../../src/a2a/sse-response.js";

/** A promise with its resolve, for steps the test takes in order. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("an A2A stream whose client goes away", () => {
  it("writes nothing more and stops reading the events, with no error", async () => {
    const nextEvent = deferred();
    const stopped = deferred();
    let produced = 0;
    async function* events(): AsyncGenerator<number> {
      try {
        produced++;
        yield 1;
        // The run's next event comes after the client left.
        await nextEvent.promise;
        produced++;
        yield 2;
        produced++;
        yield 3;
      } finally {
        stopped.resolve();
      }
    }
    const encode = vi.fn((event: number) => ({ event }));
    const errorOf = vi.fn(() => ({ error: true }));
    const res = await sseResponse({
      events: events(),
      encode,
      errorOf,
      before: () => new Response("unexpected", { status: 500 }),
    });
    const reader = res.body?.getReader();
    if (reader === undefined) throw new Error("no body");
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"event":1');
    await reader.cancel();
    nextEvent.resolve();
    await stopped.promise;
    // The event that came after the client left was neither encoded nor written (writing to the
    // closed stream would throw, and the error would be sent as an event), and no later one was
    // asked for.
    expect(encode).toHaveBeenCalledTimes(1);
    expect(errorOf).not.toHaveBeenCalled();
    expect(produced).toBe(2);
  });
});
