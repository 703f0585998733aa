/**
 * A bounded Server-Sent Events parser (the WHATWG "event stream interpretation"), fed the bytes of
 * a response as they arrive, in chunks cut anywhere (inside a UTF-8 character or a CRLF too). The
 * gateway's stream is read as hostile: a line or an event longer than its limit stops the parse
 * with an error value instead of growing memory (docs/gateway.md, "Runs"; README.md, "watch").
 */

export interface SseEvent {
  /** The `event` field; "message" when the event named none. */
  type: string;
  /** The `data` lines joined with "\n". */
  data: string;
  /** The last `id` the stream set, at this event (it carries over, as the standard says). */
  id: string | undefined;
}

export interface SseLimits {
  /** The longest line, in UTF-16 code units, counting neither its line break nor the BOM. */
  maxLineChars: number;
  /** The most `data` one event may carry, in UTF-16 code units. */
  maxEventChars: number;
}

export type SseStep =
  | { ok: true; events: SseEvent[]; comments: number }
  | { ok: false; error: string };

export interface SseParser {
  push(bytes: Uint8Array): SseStep;
}

type LineOutcome = "field" | "comment" | { error: string };

export function createSseParser(limits: SseLimits): SseParser {
  const decoder = new TextDecoder("utf-8");
  /**
   * The unfinished line, in the pieces it came in: joined once when its line break arrives, so a
   * long line cut in many chunks is copied once, not once per chunk.
   */
  let parts: string[] = [];
  let partsLength = 0;
  let started = false;
  let skipLf = false;
  let failure: string | undefined;
  let type = "";
  let data: string[] = [];
  let dataChars = 0;
  let lastId: string | undefined;

  function line(text: string, events: SseEvent[]): LineOutcome {
    if (text === "") {
      if (data.length > 0) {
        events.push({ type: type || "message", data: data.join("\n"), id: lastId });
      }
      type = "";
      data = [];
      dataChars = 0;
      return "field";
    }
    if (text.startsWith(":")) return "comment";
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") type = value;
    else if (field === "id" && !value.includes("\0")) lastId = value;
    else if (field === "data") {
      dataChars += value.length + (data.length > 0 ? 1 : 0);
      if (dataChars > limits.maxEventChars) {
        return { error: `an event carries more than ${limits.maxEventChars} characters of data` };
      }
      data.push(value);
    }
    // `retry` and unknown fields are ignored: reconnecting is the client's own policy.
    return "field";
  }

  function fail(error: string): SseStep {
    failure = error;
    return { ok: false, error };
  }

  function push(bytes: Uint8Array): SseStep {
    if (failure !== undefined) return { ok: false, error: failure };
    let text = decoder.decode(bytes, { stream: true });
    if (!started && text.length > 0) {
      started = true;
      if (text.startsWith("\uFEFF")) text = text.slice(1);
    }
    // A CR that ended the last chunk already ended its line: a LF opening this one belongs to it.
    if (skipLf && text.length > 0) {
      if (text.startsWith("\n")) text = text.slice(1);
      skipLf = false;
    }
    const events: SseEvent[] = [];
    let comments = 0;
    let from = 0;
    for (;;) {
      const lf = text.indexOf("\n", from);
      const cr = text.indexOf("\r", from);
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      if (end < 0) break;
      if (partsLength + end - from > limits.maxLineChars) return fail(tooLong());
      const whole =
        parts.length === 0 ? text.slice(from, end) : [...parts, text.slice(from, end)].join("");
      parts = [];
      partsLength = 0;
      const outcome = line(whole, events);
      if (typeof outcome === "object") return fail(outcome.error);
      if (outcome === "comment") comments++;
      let next = end + 1;
      if (text[end] === "\r") {
        if (next === text.length) skipLf = true;
        else if (text[next] === "\n") next++;
      }
      from = next;
    }
    if (from < text.length) {
      parts.push(text.slice(from));
      partsLength += text.length - from;
      if (partsLength > limits.maxLineChars) return fail(tooLong());
    }
    return { ok: true, events, comments };
  }

  const tooLong = () => `a line is longer than ${limits.maxLineChars} characters`;

  return { push };
}
