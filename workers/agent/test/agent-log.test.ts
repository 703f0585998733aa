import { describe, expect, it } from "vitest";
import { boundLine, createTransactionLog } from "../src/authoring/agent-log.js";

const at = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
const log = (maxLines: number, maxLineBytes = 256) =>
  createTransactionLog({ limits: { maxLines, maxLineBytes }, now: () => at });

describe("boundLine", () => {
  it("leaves a line within the bound alone", () => {
    expect(boundLine("short", 64)).toBe("short");
  });

  it("cuts on a character boundary and marks the cut, within the byte bound", () => {
    const cut = boundLine("€".repeat(100), 64);
    expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(64);
    expect(cut).toMatch(/^€+…\[truncated\]$/);
    expect(cut).not.toContain("\uFFFD");
  });
});

describe("createTransactionLog", () => {
  it("stamps each line with the time and level", () => {
    const t = log(10);
    t.log("plain");
    t.log.info("info");
    t.log.warn("warn");
    t.log.error("error");
    expect(t.lines()).toEqual([
      "2026-01-02T03:04:05.006Z INFO plain",
      "2026-01-02T03:04:05.006Z INFO info",
      "2026-01-02T03:04:05.006Z WARN warn",
      "2026-01-02T03:04:05.006Z ERROR error",
    ]);
  });

  it("keeps exactly maxLines lines without a marker when nothing was dropped", () => {
    const t = log(4);
    for (let i = 0; i < 4; i++) t.log(`l${i}`);
    expect(t.lines()).toHaveLength(4);
    expect(t.lines().join("\n")).not.toContain("dropped");
  });

  it("replaces the overflow with one marker that counts the dropped lines", () => {
    const t = log(4);
    for (let i = 0; i < 10; i++) t.log(`l${i}`);
    const lines = t.lines();
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3).map((l) => l.split(" ").at(-1))).toEqual(["l0", "l1", "l2"]);
    expect(lines[3]).toContain("WARN 7 log lines dropped (limit 4 per transaction)");
  });

  it("always keeps the runtime's final line", () => {
    const t = log(4);
    for (let i = 0; i < 10; i++) t.log(`l${i}`);
    t.final("Agent handler threw: x");
    const lines = t.lines();
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain("WARN 8 log lines dropped");
    expect(lines[3]).toContain("ERROR Agent handler threw: x");
  });
});
