import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RunEvent } from "#shared/schemas/runs";
import { appendEvent, closeLog } from "../../src/runs/run-events.js";
import { RUN_MAX_EVENT_BYTES, RUN_MAX_EVENTS } from "../../src/runs/run-limits.js";
import { insertRun, selectEventsAfter } from "../../src/runs/run-sql.js";

// A run's event log under its caps (docs/gateway.md, "The run object"): an agent that floods
// log, partial or progress events cannot grow a run's storage past them; status and result, the
// count of what was dropped and the latest progress always go.

/** Appends `events` to a fresh run object's log, closes it, and answers every stored event. */
async function logOf(events: (sql: SqlStorage) => void): Promise<RunEvent[]> {
  const run = env.RUNS.getByName(`caps-${crypto.randomUUID()}`);
  return runInDurableObject(run, (_instance, state) => {
    const sql = state.storage.sql;
    insertRun(sql, { spec: "{}", record: "{}" });
    appendEvent(sql, { type: "status", status: "submitted" });
    events(sql);
    closeLog(sql, { progress: 7, total: 7 });
    appendEvent(sql, { type: "status", status: "completed" });
    return selectEventsAfter(sql, 0, 10_000).map((row) => JSON.parse(row.data) as RunEvent);
  });
}

describe("a run's event log caps", () => {
  it("keeps at most RUN_MAX_EVENTS events, counts the dropped ones, keeps the latest progress", async () => {
    const events = await logOf((sql) => {
      for (let i = 0; i < RUN_MAX_EVENTS + 100; i++)
        appendEvent(sql, { type: "log", line: `${i}` });
      for (let i = 1; i <= 7; i++) {
        appendEvent(sql, { type: "progress", progress: { progress: i, total: 7 } });
      }
    });
    const logs = events.filter((e) => e.type === "log");
    // One status, then logs up to the cap; past it, 101 logs dropped and counted in one line.
    expect(logs).toHaveLength(RUN_MAX_EVENTS - 1 + 1);
    expect(logs.at(-1)).toMatchObject({ type: "log", line: expect.stringContaining("101 log") });
    // The progress past the cap is coalesced into one event, the latest, before the end.
    expect(events.slice(-2)).toEqual([
      { type: "progress", progress: { progress: 7, total: 7 } },
      { type: "status", status: "completed" },
    ]);
  });

  it("keeps at most RUN_MAX_EVENT_BYTES of event data", async () => {
    const line = "a".repeat(100 * 1024);
    const events = await logOf((sql) => {
      for (let i = 0; i < 40; i++) appendEvent(sql, { type: "partial", data: { line } });
    });
    const partials = events.filter((e) => e.type === "partial");
    expect(partials.length).toBe(Math.floor(RUN_MAX_EVENT_BYTES / (line.length + 40)));
    expect(events.at(-1)).toEqual({ type: "status", status: "completed" });
    expect(events.at(-2)).toMatchObject({ type: "log" });
  });
});
