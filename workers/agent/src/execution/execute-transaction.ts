import type { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import type { AgentRequest } from "#shared/schemas/agent";
import { createTransactionLog, type TransactionLog } from "../authoring/agent-log.js";
import type { AgentDefinition } from "../authoring/define-agent.js";
import { createRunEvents, type EmitEvent, type RunEvents } from "../authoring/run-events.js";
import type { AgentConfig } from "../config/agent-config.js";
import type { AgentDurableObject } from "../durable/agent-durable-object.js";
import type { AdmittedRun } from "./admit-transaction.js";
import { type ExecuteAnswer, executeAnswer } from "./execute-answer.js";
import { boundedError, type HandlerOutcome, runAgentHandler } from "./run-handler.js";
import { waitForSlot } from "./run-slot.js";

/** How a run ended: its answer (and partials dropped past the cap), or null if the caller left first. */
export type RunEnd = { answer: ExecuteAnswer; droppedPartials: number } | null;

/**
 * The run of an admitted transaction (admit-transaction.ts): waits for its slot when queued, runs
 * the handler on the data its input schema accepted (a refusal is a failed run), stores the
 * outcome so a repeat replays it, and answers. `emit` gets the stream's events (docs/agent.md,
 * "Streaming"); a caller that leaves (`signal`) before the handler starts leaves nothing behind.
 * A failing handler is an answer (400), not an error (docs/agent.md, "One run per transactionId").
 */
export async function executeTransaction<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  config: AgentConfig;
  request: AgentRequest;
  store: DurableObjectStub<AgentDurableObject>;
  run: AdmittedRun<z.output<Schema>>;
  emit: EmitEvent;
  signal: AbortSignal;
  keepAlive: (promise: Promise<unknown>) => void;
}): Promise<RunEnd> {
  const { config, request, store, run, emit } = args;
  const { transactionId } = request;
  // The time limit counts from the request, queue included: the caller's deadline does too.
  const arrivedAt = Date.now();
  if (run.slot === "queued") emit({ type: "queued" });
  const waited = run.slot === "queued" ? await waitForSlot({ ...args, transactionId }) : "started";
  if (waited === "left") return null;
  // Also once a queued run got its slot: a caller that left by then never has the handler run.
  if (args.signal.aborted) {
    await store.abandon({ transactionId });
    return null;
  }
  // A recorded run's slot is freed with its outcome, in one call; otherwise on its own.
  let slotHeld = run.slot !== "none";
  try {
    const transactionLog = createTransactionLog({
      limits: config.log,
      onLine: (line) => emit({ type: "log", line }),
    });
    const events = createRunEvents({ emit });
    const started = Date.now();
    const timeLeftMs = config.timeoutMs - (started - arrivedAt);
    const outcome = await outcomeOf({ ...args, waited, timeLeftMs, transactionLog, events });
    // A handler that never ran spent no time.
    const executionTime = waited === "started" && run.input.success ? Date.now() - started : 0;
    const logs = transactionLog.lines();
    const completed = outcome.status === "completed";
    await run.recorder?.finish({
      transactionId,
      requestHash: run.requestHash,
      status: outcome.status,
      resultJson: completed ? outcome.resultJson : null,
      error: completed ? null : outcome.error,
      executionTime,
      logs,
      now: Date.now(),
      ...(slotHeld ? { releaseSlot: true } : {}),
    });
    if (run.recorder !== null) slotHeld = false;
    const answer = executeAnswer({
      status: outcome.status,
      result: completed ? outcome.result : null,
      error: completed ? null : outcome.error,
      executionTime,
      logs,
    });
    return { answer, droppedPartials: events.droppedPartials() };
  } finally {
    if (slotHeld) await store.releaseSlot({ transactionId });
  }
}

/** The handler's outcome, or why it never ran (`started` goes out just before it runs). */
async function outcomeOf<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  config: AgentConfig;
  request: AgentRequest;
  run: AdmittedRun<z.output<Schema>>;
  emit: EmitEvent;
  waited: "started" | "expired";
  /** What the queue left of the time limit. */
  timeLeftMs: number;
  transactionLog: TransactionLog;
  events: RunEvents;
}): Promise<HandlerOutcome> {
  const { run, transactionLog } = args;
  if (args.waited === "expired" || args.timeLeftMs <= 0) {
    return notRun(transactionLog, queueTimeout(args.config));
  }
  if (!run.input.success) {
    const issues = formatZodIssue(run.input.error.issues, "data");
    return notRun(transactionLog, `Invalid input: ${issues}`);
  }
  args.emit({ type: "started" });
  return runAgentHandler({
    ...args,
    input: run.input.data,
    timeoutMs: args.timeLeftMs,
  });
}

function queueTimeout(config: AgentConfig): string {
  return `No run slot freed within ${config.timeoutMs} ms (maxConcurrentRuns ${config.runs.maxConcurrentRuns})`;
}

/**
 * Data the input schema refuses, or a run that waited out its time limit in the queue, never
 * reaches the handler, but it is a run of this transactionId like any other: its failure line is
 * logged and stored, and a repeat replays it (docs/agent.md, "The handler").
 */
function notRun(transactionLog: TransactionLog, message: string): HandlerOutcome {
  const error = boundedError(message);
  transactionLog.final(error);
  return { status: "failed", error };
}
