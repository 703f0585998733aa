import { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { type JsonObject, jsonObjectSchema } from "#shared/schemas/common";

/** What a handler passes to `progress()` (docs/agent.md, "Streaming"). */
export type ProgressUpdate = { progress: number; total?: number; message?: string };

/** RunProgress's bound on a message (shared/src/schemas/runs.ts); longer ones are cut. */
export const MAX_PROGRESS_MESSAGE_CHARS = 512;
/** One partial's JSON, in UTF-8 bytes: a handful fit the stream's budget with the answer. */
export const MAX_PARTIAL_BYTES = 64 * 1024;
/** Partials per run; later ones are dropped (the stream says how many). */
export const MAX_PARTIALS = 100;

/** Where a run's advisory events go: the stream, or nowhere when the caller asked for JSON. */
export type EmitEvent = (event: Exclude<AgentStreamEvent, { type: "answer" }>) => void;

const progressArgsSchema = z.object({
  progress: z.number().finite().nonnegative(),
  total: z.number().finite().positive().optional(),
  message: z.string().optional(),
});

function cutMessage(message: string): string {
  if (message.length <= MAX_PROGRESS_MESSAGE_CHARS) return message;
  return `${message.slice(0, MAX_PROGRESS_MESSAGE_CHARS - 1)}…`;
}

/** A value as JSON gives it back, like a result (run-handler.ts); a TypeError if it is none. */
function partialJson(data: unknown): JsonObject {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new TypeError("partial() takes a JSON object");
  }
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch (thrown) {
    throw new TypeError(
      `partial() data is not JSON: ${thrown instanceof Error ? thrown.message : "unserialisable"}`,
    );
  }
  if (new TextEncoder().encode(json).length > MAX_PARTIAL_BYTES) {
    throw new TypeError(`partial() data exceeds ${MAX_PARTIAL_BYTES} bytes of JSON`);
  }
  return jsonObjectSchema.parse(JSON.parse(json));
}

/**
 * A run's `progress()` and `partial()`: checked the same whether the caller streams or not, so a
 * handler behaves the same either way; only what `emit` does with the events differs.
 */
export function createRunEvents(args: { emit: EmitEvent }) {
  let lastProgress = -1;
  let partials = 0;
  let droppedPartials = 0;
  return {
    progress(update: ProgressUpdate): void {
      const parsed = progressArgsSchema.safeParse(update);
      if (!parsed.success) {
        throw new TypeError(`progress(): ${formatZodIssue(parsed.error.issues)}`);
      }
      const { progress, total, message } = parsed.data;
      // Never decreasing: parallel steps may report out of order; the highest value stands.
      if (progress < lastProgress) return;
      lastProgress = progress;
      args.emit({
        type: "progress",
        progress: {
          progress,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message: cutMessage(message) }),
        },
      });
    },
    partial(data: Record<string, unknown>): void {
      const value = partialJson(data);
      if (partials >= MAX_PARTIALS) {
        droppedPartials++;
        return;
      }
      partials++;
      args.emit({ type: "partial", data: value });
    },
    /** Partials past MAX_PARTIALS, for the stream's closing count. */
    droppedPartials: () => droppedPartials,
  };
}

export type RunEvents = ReturnType<typeof createRunEvents>;
