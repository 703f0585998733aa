import { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import type { AgentRequest } from "#shared/schemas/agent";
import type { TransactionLog } from "../authoring/agent-log.js";
import type { AgentDefinition, AgentResult } from "../authoring/define-agent.js";
import { createRunEvents, type RunEvents } from "../authoring/run-events.js";

/** Under the Durable Object's 2 MB row limit, with room for the rest of the row. */
export const MAX_RESULT_BYTES = 1024 * 1024;

export type HandlerOutcome =
  | { status: "completed"; result: AgentResult; resultJson: string }
  | { status: "failed"; error: string };

const resultSchema = z.record(z.string(), z.unknown());

class AgentTimeoutError extends Error {
  override name = "TimeoutError";
}

/**
 * An error message is answered and stored with the transaction: bounded (at most 3 UTF-8 bytes a
 * UTF-16 unit, so under 8 KiB) like results, for the storage arithmetic of docs/agent.md.
 */
export const MAX_ERROR_CHARS = 2_048;

export function boundedError(message: string): string {
  return message.length <= MAX_ERROR_CHARS ? message : `${message.slice(0, MAX_ERROR_CHARS - 1)}…`;
}

function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return boundedError(thrown.message || thrown.name);
  return typeof thrown === "string"
    ? boundedError(thrown)
    : "Agent handler threw a non-Error value";
}

/**
 * The result as it will be stored and replayed: JSON-serialised once, so the first response and
 * a replay by transactionId carry the same object.
 */
function toStoredResult(value: unknown): HandlerOutcome {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { status: "failed", error: "Agent handler must return a JSON object" };
  }
  let resultJson: string;
  try {
    resultJson = JSON.stringify(value);
  } catch (thrown) {
    return { status: "failed", error: `Agent result is not JSON: ${describeThrown(thrown)}` };
  }
  if (new TextEncoder().encode(resultJson).length > MAX_RESULT_BYTES) {
    return { status: "failed", error: `Agent result exceeds ${MAX_RESULT_BYTES} bytes` };
  }
  return { status: "completed", result: resultSchema.parse(JSON.parse(resultJson)), resultJson };
}

/**
 * A result that fails the author's output schema fails the run: the schema is published (docs/
 * agent.md, "Input and output schemas"), so a result must keep its word. The result stays as the
 * handler returned it (the schema checks, it does not transform).
 */
function checkedOutput(outcome: HandlerOutcome, output: z.ZodType | undefined): HandlerOutcome {
  if (outcome.status === "failed" || output === undefined) return outcome;
  const checked = output.safeParse(outcome.result);
  if (checked.success) return outcome;
  return {
    status: "failed",
    error: boundedError(
      `Agent result does not match its output schema: ${formatZodIssue(checked.error.issues, "result")}`,
    ),
  };
}

/**
 * Runs the handler against the time limit. Never throws: a thrown error, a timeout or an unusable
 * result becomes a failed outcome, with a line in `transactionLog` after whatever was logged first.
 */
export async function runAgentHandler<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  input: z.output<Schema>;
  request: AgentRequest;
  transactionLog: TransactionLog;
  timeoutMs: number;
  /** progress() and partial(); unset: checked, and sent nowhere. */
  events?: RunEvents;
}): Promise<HandlerOutcome> {
  const events = args.events ?? createRunEvents({ emit: () => {} });
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new AgentTimeoutError(`Agent timed out after ${args.timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, args.timeoutMs);
  });
  try {
    const value = await Promise.race([
      args.agent.handler({
        input: args.input,
        request: args.request,
        log: args.transactionLog.log,
        signal: controller.signal,
        progress: events.progress,
        partial: events.partial,
      }),
      timedOut,
    ]);
    const outcome = checkedOutput(toStoredResult(value), args.agent.output);
    if (outcome.status === "failed") args.transactionLog.final(outcome.error);
    return outcome;
  } catch (thrown) {
    const error = describeThrown(thrown);
    args.transactionLog.final(
      thrown instanceof AgentTimeoutError ? error : `Agent handler threw: ${error}`,
    );
    return { status: "failed", error };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
