import { describe, expect, it } from "vitest";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import {
  createRunEvents,
  MAX_PARTIAL_BYTES,
  MAX_PARTIALS,
  MAX_PROGRESS_MESSAGE_CHARS,
} from "../src/authoring/run-events.js";

function collect() {
  const events: AgentStreamEvent[] = [];
  const run = createRunEvents({ emit: (event) => events.push(event) });
  return { run, events };
}

describe("progress()", () => {
  it("sends progress, total and message as given, and never goes back", () => {
    const { run, events } = collect();
    run.progress({ progress: 2, total: 10, message: "two" });
    run.progress({ progress: 1, total: 10 });
    run.progress({ progress: 2.5 });
    expect(events).toEqual([
      { type: "progress", progress: { progress: 2, total: 10, message: "two" } },
      { type: "progress", progress: { progress: 2.5 } },
    ]);
  });

  it("cuts a long message to RunProgress's bound", () => {
    const { run, events } = collect();
    run.progress({ progress: 0, message: "m".repeat(5_000) });
    const sent = events[0];
    expect(sent?.type === "progress" && sent.progress.message?.length).toBe(
      MAX_PROGRESS_MESSAGE_CHARS,
    );
  });

  it("throws a TypeError for a value RunProgress cannot carry", () => {
    const { run, events } = collect();
    for (const update of [
      { progress: -1 },
      { progress: Number.NaN },
      { progress: Number.POSITIVE_INFINITY },
      { progress: 1, total: 0 },
    ]) {
      expect(() => run.progress(update)).toThrow(TypeError);
    }
    expect(events).toEqual([]);
  });
});

describe("partial()", () => {
  it("sends the object as JSON gives it back", () => {
    const { run, events } = collect();
    run.partial({ when: new Date(0), gone: undefined, n: 1 });
    expect(events).toEqual([{ type: "partial", data: { when: "1970-01-01T00:00:00.000Z", n: 1 } }]);
  });

  it("throws a TypeError for what is not a JSON object, or too large", () => {
    const { run } = collect();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const notObjects: unknown[] = [null, [1], "text", 3];
    for (const value of notObjects) {
      expect(() => Reflect.apply(run.partial, undefined, [value])).toThrow(TypeError);
    }
    expect(() => run.partial(cyclic)).toThrow(TypeError);
    expect(() => run.partial({ big: 1n })).toThrow(TypeError);
    expect(() => run.partial({ fill: "x".repeat(MAX_PARTIAL_BYTES) })).toThrow(
      /exceeds 65536 bytes/,
    );
  });

  it(`sends at most ${MAX_PARTIALS} and counts the rest`, () => {
    const { run, events } = collect();
    for (let i = 0; i < MAX_PARTIALS + 7; i++) run.partial({ i });
    expect(events).toHaveLength(MAX_PARTIALS);
    expect(run.droppedPartials()).toBe(7);
  });
});
