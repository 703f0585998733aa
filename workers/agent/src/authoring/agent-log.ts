import type { LogLimits } from "../config/agent-config.js";

/** What a handler logs with: `log("...")` is `log.info("...")`. */
export type AgentLog = ((message: string) => void) & {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

type Level = "INFO" | "WARN" | "ERROR";

const TRUNCATED = "…[truncated]";
const utf8 = new TextEncoder();

/** Cuts `line` to at most `maxBytes` UTF-8 bytes on a character boundary, marking the cut. */
export function boundLine(line: string, maxBytes: number): string {
  if (utf8.encode(line).length <= maxBytes) return line;
  const room = new Uint8Array(maxBytes - utf8.encode(TRUNCATED).length);
  const { read } = utf8.encodeInto(line, room);
  return `${line.slice(0, read)}${TRUNCATED}`;
}

/**
 * Collects one transaction's log lines within the configured bounds. The author's lines come
 * first; lines the runtime adds when the handler fails (`final`) are always kept, so a failure's
 * cause is never the line that falls off the end.
 */
export function createTransactionLog(args: {
  limits: Pick<LogLimits, "maxLines" | "maxLineBytes">;
  now?: () => number;
  /** Each line kept, as it is written: the stream's `log` events (docs/agent.md, "Streaming"). */
  onLine?: (line: string) => void;
}) {
  const { maxLines, maxLineBytes } = args.limits;
  const now = args.now ?? Date.now;
  const authored: string[] = [];
  const finals: string[] = [];
  let dropped = 0;

  const format = (level: Level, message: string) =>
    boundLine(`${new Date(now()).toISOString()} ${level} ${message}`, maxLineBytes);

  const write = (level: Level) => (message: string) => {
    // One spare slot: it holds either one more line or the marker that says lines were dropped.
    if (authored.length > maxLines) {
      dropped++;
      return;
    }
    const line = format(level, String(message));
    authored.push(line);
    // The spare slot's line may give way to the marker: streamed are at most maxLines.
    if (authored.length <= maxLines) args.onLine?.(line);
  };

  const log: AgentLog = Object.assign(write("INFO"), {
    info: write("INFO"),
    warn: write("WARN"),
    error: write("ERROR"),
  });

  return {
    log,
    /** Adds a runtime line that survives the line bound. */
    final(message: string): void {
      const line = format("ERROR", message);
      finals.push(line);
      args.onLine?.(line);
    },
    lines(): string[] {
      const room = Math.max(1, maxLines - finals.length);
      if (authored.length <= room) return [...authored, ...finals];
      const omitted = authored.length - (room - 1) + dropped;
      const marker = format(
        "WARN",
        `${omitted} log lines dropped (limit ${maxLines} per transaction)`,
      );
      return [...authored.slice(0, room - 1), marker, ...finals];
    },
  };
}

export type TransactionLog = ReturnType<typeof createTransactionLog>;
