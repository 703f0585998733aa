/** One Server-Sent Event as it came: its id, type and data (the lines joined). */
export type SseMessage = { id: string | null; event: string; data: string };

/**
 * A Server-Sent Events parser (the WHATWG event-stream format) over text chunks as they arrive:
 * `push` returns the events each chunk completes. Comments (`: keep-alive`) are skipped.
 */
export function sseParser() {
  let buffer = "";
  let id: string | null = null;
  let event = "message";
  let data: string[] = [];
  const line = (text: string, out: SseMessage[]) => {
    if (text === "") {
      if (data.length > 0) out.push({ id, event, data: data.join("\n") });
      event = "message";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
  };
  return {
    push(chunk: string): SseMessage[] {
      buffer += chunk;
      const out: SseMessage[] = [];
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? "";
      for (const text of lines) line(text, out);
      return out;
    },
  };
}
