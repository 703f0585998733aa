import { describe, expect, it } from "vitest";
import { createSseParser, type SseEvent, type SseLimits } from "../../src/runs/sse-parser.js";

const LIMITS: SseLimits = { maxLineChars: 4096, maxEventChars: 8192 };
const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `chunks` to one parser; every event, the comment count, and the first error. */
function parse(chunks: Uint8Array[], limits = LIMITS) {
  const parser = createSseParser(limits);
  const events: SseEvent[] = [];
  let comments = 0;
  for (const chunk of chunks) {
    const step = parser.push(chunk);
    if (!step.ok) return { events, comments, error: step.error };
    events.push(...step.events);
    comments += step.comments;
  }
  return { events, comments, error: undefined };
}

/** The stream cut once at every position, and byte by byte: each must parse as the whole. */
function expectSameAtEveryCut(stream: Uint8Array) {
  const whole = parse([stream]);
  for (let at = 0; at <= stream.length; at++) {
    expect(parse([stream.subarray(0, at), stream.subarray(at)])).toEqual(whole);
  }
  expect(parse(Array.from(stream, (b) => Uint8Array.of(b)))).toEqual(whole);
  return whole;
}

// A run's stream as the gateway sends it (docs/gateway.md, "Runs"), with a keep-alive comment and
// text of 2, 3 and 4 UTF-8 bytes per character.
const RECORDED = [
  ": keep-alive",
  "",
  "id: 1",
  "event: status",
  'data: {"type":"status","status":"submitted"}',
  "",
  "id: 2",
  "event: log",
  'data: {"type":"log","line":"héllo ✓ 𝄞"}',
  "",
  ": keep-alive",
  "",
  "id: 3",
  "event: progress",
  'data: {"type":"progress","progress":{"progress":1,"total":3}}',
  "",
  "id: 4",
  "event: result",
  'data: {"type":"result","run":{}}',
  "",
  "",
].join("\n");

const EXPECTED: SseEvent[] = [
  { type: "status", id: "1", data: '{"type":"status","status":"submitted"}' },
  { type: "log", id: "2", data: '{"type":"log","line":"héllo ✓ 𝄞"}' },
  { type: "progress", id: "3", data: '{"type":"progress","progress":{"progress":1,"total":3}}' },
  { type: "result", id: "4", data: '{"type":"result","run":{}}' },
];

describe("the SSE parser", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])(
    "reads a recorded run stream with %s line breaks the same wherever the bytes are cut",
    (_name, lineBreak) => {
      const stream = bytes(RECORDED.replaceAll("\n", lineBreak));
      expect(expectSameAtEveryCut(stream)).toEqual({
        events: EXPECTED,
        comments: 2,
        error: undefined,
      });
    },
  );

  it("drops a leading BOM, joins data lines, keeps the last id and reads a field without a space", () => {
    const stream = bytes("\uFEFFid:7\ndata:a\ndata: b\n\ndata: c\n\nevent: x\n\n");
    expect(expectSameAtEveryCut(stream).events).toEqual([
      { type: "message", id: "7", data: "a\nb" },
      // The id carries over to the next event; an event without data is not dispatched.
      { type: "message", id: "7", data: "c" },
    ]);
  });

  it("ignores an id holding NUL, unknown fields and retry, and an event the stream never ended", () => {
    const stream = bytes(
      "id: 1\ndata: a\n\nid: 2\0\nretry: 5\nfoo: bar\ndata: b\n\ndata: unfinished\n",
    );
    expect(expectSameAtEveryCut(stream).events).toEqual([
      { type: "message", id: "1", data: "a" },
      { type: "message", id: "1", data: "b" },
    ]);
  });

  it("stops at a line longer than its limit, before the line ends (memory stays bounded)", () => {
    const limits = { maxLineChars: 64, maxEventChars: 8192 };
    const parser = createSseParser(limits);
    expect(parser.push(bytes("data: ok\n\n"))).toMatchObject({ ok: true });
    expect(parser.push(bytes(`data: ${"x".repeat(40)}`))).toMatchObject({ ok: true });
    expect(parser.push(bytes("y".repeat(40)))).toEqual({
      ok: false,
      error: "a line is longer than 64 characters",
    });
    // Once failed, it stays failed.
    expect(parser.push(bytes("\n\n"))).toMatchObject({ ok: false });
  });

  it("stops at a long line that arrives whole with its line break", () => {
    const result = parse([bytes(`data: ${"x".repeat(100)}\n\n`)], {
      maxLineChars: 64,
      maxEventChars: 8192,
    });
    expect(result).toMatchObject({ events: [], error: "a line is longer than 64 characters" });
  });

  it("stops at an event whose data lines together pass the event limit", () => {
    const line = `data: ${"x".repeat(50)}\n`;
    const result = parse([bytes(line.repeat(3))], { maxLineChars: 64, maxEventChars: 120 });
    expect(result.error).toBe("an event carries more than 120 characters of data");
  });

  it("takes data exactly at the limits", () => {
    const data = "x".repeat(58);
    const result = parse([bytes(`data: ${data}\n\n`)], { maxLineChars: 64, maxEventChars: 58 });
    expect(result).toEqual({
      events: [{ type: "message", id: undefined, data }],
      comments: 0,
      error: undefined,
    });
  });
});
