import { describe, expect, it } from "vitest";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { readAgentStream } from "../../src/execute/agent-stream.js";
import { preferencesOf } from "../../src/http/prefer.js";
import { eventStream, eventStreamResponse, lastEventIdOf } from "../../src/runs/run-sse.js";

const encoder = new TextEncoder();

async function* chunksOf(parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield encoder.encode(part);
}

describe("the agent stream parser", () => {
  it("reads events split anywhere across chunks, with CRLF, LF or CR line ends", async () => {
    const text =
      'event: started\r\ndata: {}\r\n\r\nevent: log\rdata: {"line":"a"}\r\revent: progress\ndata: {"progress":{"progress":1}}\n\nevent: answer\ndata: {"answer":{"success":true,"result":{"x":1},"executionTime":0,"logs":[]}}\n\n';
    const seen: AgentStreamEvent[] = [];
    // One byte a chunk: every boundary falls inside a line or a CRLF at least once.
    const read = await readAgentStream({
      chunks: chunksOf([...text]),
      onEvent: (event) => {
        seen.push(event);
      },
    });
    expect(seen.map((e) => e.type)).toEqual(["started", "log", "progress", "answer"]);
    expect(read).toEqual({
      kind: "ended",
      answer: { success: true, result: { x: 1 }, executionTime: 0, logs: [] },
    });
  });

  it("does not dispatch a last event without its blank line", async () => {
    const read = await readAgentStream({
      chunks: chunksOf(['event: answer\ndata: {"answer":{"success":true}}']),
    });
    expect(read).toEqual({ kind: "ended", answer: undefined });
  });

  it("stops past its event count", async () => {
    const read = await readAgentStream({
      chunks: chunksOf(['event: log\ndata: {"line":"x"}\n\n'.repeat(5)]),
      maxEvents: 3,
    });
    expect(read).toEqual({ kind: "too_many_events" });
  });
});

describe("Prefer (RFC 7240)", () => {
  it("names each preference, lowercased, whatever its value and parameters", () => {
    const headers = new Headers({ prefer: 'Respond-Async; a=1, wait=5, x="y, z;w"' });
    expect([...preferencesOf(headers)].sort()).toEqual(["respond-async", "wait", "x"]);
  });
});

describe("the run's event stream", () => {
  it("takes a well-formed Last-Event-ID, else starts from the first event", () => {
    expect(lastEventIdOf(new Headers({ "last-event-id": " 12 " }))).toBe(12);
    for (const junk of ["-1", "1e3", "abc", "9".repeat(20)]) {
      expect(lastEventIdOf(new Headers({ "last-event-id": junk }))).toBe(0);
    }
  });

  it("sends a keep-alive comment while nothing happens, and closes after result", async () => {
    let calls = 0;
    const response = eventStreamResponse(
      eventStream({
        after: 0,
        next: () => {
          calls += 1;
          return calls < 3 ? [] : [{ seq: 1, type: "result", data: "{}" }];
        },
        waitChange: async () => false,
        keepAliveMs: 1,
      }),
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(await response.text()).toBe(
      ": keep-alive\n\n: keep-alive\n\nid: 1\nevent: result\ndata: {}\n\n",
    );
  });

  it("sends the events it has as one chunk, the result with them, and nothing after it", async () => {
    const stored = [
      { seq: 1, type: "status", data: "{}" },
      { seq: 2, type: "log", data: "{}" },
      { seq: 3, type: "result", data: "{}" },
      { seq: 4, type: "log", data: "{}" },
    ];
    const reader = eventStream({
      after: 0,
      next: (after) => stored.filter((row) => row.seq > after),
      waitChange: async () => true,
    }).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(
      "id: 1\nevent: status\ndata: {}\n\nid: 2\nevent: log\ndata: {}\n\nid: 3\nevent: result\ndata: {}\n\n",
    );
    expect((await reader.read()).done).toBe(true);
  });
});
