import type { RunEvent, RunStatusResponse } from "#shared/schemas/runs";
import { isRecord } from "./guards.js";
import { sseParser } from "./sse-parser.js";

/** How often a stream cut before the run's end is picked up again, after Last-Event-ID. */
const MAX_RECONNECTS = 5;
const RECONNECT_DELAY_MS = 1_000;

/** The fields the console reads of each event type (shared/src/schemas/runs.ts). */
function isRunEvent(value: unknown): value is RunEvent {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case "status":
      return typeof value.status === "string";
    case "log":
      return typeof value.line === "string";
    case "progress":
      return isRecord(value.progress) && typeof value.progress.progress === "number";
    case "partial":
      return isRecord(value.data);
    case "result":
      return isRecord(value.run) && typeof value.run.status === "string";
    default:
      return false;
  }
}

function runEventOf(data: string): RunEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    return isRunEvent(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A run's events, live (docs/gateway.md, "Watching a run"): read with fetch, since EventSource
 * cannot send the run's token, on this origin (the stream's path from `links.events`), resumed
 * after the last event seen when the stream breaks before the result. Resolves with the final
 * RunStatus, or a message.
 */
export async function watchRun(args: {
  eventsUrl: string;
  token: string;
  onEvent: (event: RunEvent) => void;
  signal: AbortSignal;
}): Promise<{ ok: true; run: RunStatusResponse } | { ok: false; message: string }> {
  const path = new URL(args.eventsUrl, location.href).pathname;
  let lastId: string | null = null;
  for (let attempt = 0; attempt <= MAX_RECONNECTS; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, RECONNECT_DELAY_MS));
    const headers: Record<string, string> = { authorization: `Bearer ${args.token}` };
    if (lastId !== null) headers["last-event-id"] = lastId;
    let response: Response;
    try {
      response = await fetch(path, { headers, signal: args.signal });
    } catch {
      if (args.signal.aborted) return { ok: false, message: "Stopped watching" };
      continue;
    }
    if (!response.ok || response.body === null) {
      const body: unknown = await response.json().catch(() => null);
      const message = isRecord(body) && typeof body.error === "string" ? body.error : null;
      return { ok: false, message: message ?? `The run's events answered ${response.status}` };
    }
    const parser = sseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const message of parser.push(value)) {
          if (message.id !== null) lastId = message.id;
          const event = runEventOf(message.data);
          if (event === null) continue;
          args.onEvent(event);
          if (event.type === "result") return { ok: true, run: event.run };
        }
      }
    } catch {
      if (args.signal.aborted) return { ok: false, message: "Stopped watching" };
    }
  }
  return { ok: false, message: "The run's event stream kept breaking; reload to try again" };
}
