import { describe, expect, it } from "vitest";
import type { RunEvent } from "#shared/schemas/runs";
import { createLiveView, eventLine } from "../../src/runs/run-live-view.js";
import { comeBackHint } from "../../src/runs/watch-run.js";

function stream(isTTY: boolean) {
  const writes: string[] = [];
  const fake = { isTTY, write: (text: string) => writes.push(text) > 0 };
  return { fake: fake as unknown as NodeJS.WriteStream, writes };
}

const EVENTS: RunEvent[] = [
  { type: "status", status: "working" },
  { type: "progress", progress: { progress: 1, total: 3, message: "reading" } },
  { type: "log", line: "step \u001b[31m1\r" },
  { type: "partial", data: { text: "x".repeat(400) } },
  { type: "progress", progress: { progress: 7 } },
];

describe("the live view of a run", () => {
  it("prints every event as a plain line off a terminal, agent text escaped", () => {
    const { fake, writes } = stream(false);
    const view = createLiveView({ stream: fake, json: false, label: "run tx-1" });
    for (const event of EVENTS) view.show(event);
    view.stop();
    expect(writes.slice(0, 3)).toEqual([
      "status working\n",
      "progress 1/3 (33%) reading\n",
      "log step \\x1b[31m1\\r\n",
    ]);
    expect(writes[3]).toMatch(/^partial \{"text":"x+…\n$/);
    expect(writes[3]?.length).toBeLessThan(320);
    expect(writes[4]).toBe("progress 7\n");
  });

  it("prints nothing with --json", () => {
    const { fake, writes } = stream(true);
    const view = createLiveView({ stream: fake, json: true, label: "run tx-1" });
    for (const event of EVENTS) view.show(event);
    view.stop();
    expect(writes).toEqual([]);
  });

  it("on a terminal, scrolls log lines above one spinner line of state and progress", () => {
    const { fake, writes } = stream(true);
    const view = createLiveView({ stream: fake, json: false, label: "run tx-1" });
    for (const event of EVENTS.slice(0, 3)) view.show(event);
    view.stop();
    const text = writes.join("");
    expect(text).toContain("\r\x1b[2Klog step \\x1b[31m1\\r\n");
    expect(text).not.toContain("status working\n");
    // The spinner's last frame before the stop showed the state; stop clears its line.
    expect(writes.at(-1)).toBe("\r\x1b[2K");
  });

  it("names no line for the final result, which the command prints", () => {
    expect(eventLine({ type: "log", line: "a\nb" })).toBe("log a\\nb");
  });
});

describe("the come-back hint after Ctrl-C", () => {
  it("names the commands that follow, fetch and cancel the run, with the options they need", () => {
    const hint = comeBackHint({ transactionId: "tx-1", extra: " --gateway http://g" });
    expect(hint).toContain("goes on at the gateway");
    expect(hint).toContain("agentgate watch -x tx-1 --gateway http://g");
    expect(hint).toContain("agentgate result -x tx-1 --gateway http://g");
    expect(hint).toContain("agentgate cancel-run -x tx-1 --gateway http://g");
  });
});
