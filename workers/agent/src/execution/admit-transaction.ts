import type { z } from "zod";
import { sha256Hex } from "#shared/auth/agent-signature";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import type { AgentRequest } from "#shared/schemas/agent";
import type { AgentDefinition } from "../authoring/define-agent.js";
import type { AgentConfig } from "../config/agent-config.js";
import type { AgentDurableObject, BeginOutcome } from "../durable/agent-durable-object.js";
import { type ExecuteAnswer, replayAnswer } from "./execute-answer.js";

/** How long past the time limit a duplicate waits for the first run before calling it dead. */
export const RUN_GRACE_MS = 5_000;

/** A transaction admitted to run: the store that records it (null: recording off), its queue place. */
export type AdmittedRun<Input> = {
  input: z.ZodSafeParseResult<Input>;
  requestHash: string;
  /** null: the agent does not record runs (only the id's mark is written). */
  recorder: DurableObjectStub<AgentDurableObject> | null;
  /** "none": the agent has no queue; "queued": it waits for a slot before it starts. */
  slot: "none" | "started" | "queued";
};

export type Admission<Input> =
  | { kind: "replay"; answer: ExecuteAnswer }
  | { kind: "run"; run: AdmittedRun<Input> };

/**
 * The part of POST /execute that may still refuse with a JSON error (docs/agent.md, "Answers"):
 * the process id, one run per transactionId (a stored outcome is replayed, a conflict refused),
 * and a place in the queue of an agent with maxConcurrentRuns. What comes after is the run,
 * which answers (streamed or not) and never refuses.
 */
export async function admitTransaction<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  config: AgentConfig;
  request: AgentRequest;
  store: DurableObjectStub<AgentDurableObject>;
}): Promise<Result<Admission<z.output<Schema>>>> {
  const { config, request, store } = args;
  if (request.processId !== config.process.id) {
    return fail(
      appError("validation_failed", `processId: this agent serves process ${config.process.id}`, {
        fields: ["processId"],
      }),
    );
  }
  const recorder = config.recordTransactions ? store : null;
  const requestHash = recorder === null ? "" : await sha256Hex(JSON.stringify(request));
  const input = args.agent.input.safeParse(request.data);
  const { maxConcurrentRuns } = config.runs;
  // Refused data never reaches the handler: it needs no slot. A queued run may wait out one time
  // limit for a slot, then run for one.
  const queue =
    maxConcurrentRuns === null || !input.success
      ? undefined
      : { maxConcurrentRuns, leaseMs: config.timeoutMs + RUN_GRACE_MS, waitMs: config.timeoutMs };
  const runSpanMs = config.timeoutMs * (maxConcurrentRuns === null ? 1 : 2);
  const { transactionId } = request;
  if (recorder !== null) {
    // One call takes the id and, with a queue, a slot or a place in line.
    const begun = await recorder.begin({
      transactionId,
      requestHash,
      now: Date.now(),
      waitMs: runSpanMs + RUN_GRACE_MS,
      ...(queue === undefined ? {} : { queue }),
    });
    const refused = refusal(begun.kind);
    if (refused !== null) return fail(refused);
    if (begun.kind === "done")
      return ok({ kind: "replay", answer: replayAnswer(begun.transaction) });
    const slot = begun.kind === "run" ? (begun.slot ?? "none") : "none";
    return ok({ kind: "run", run: { input, requestHash, recorder, slot } });
  }
  if (!(await store.takeOnce({ transactionId, now: Date.now() }))) {
    return fail(
      appError(
        "conflict",
        "transactionId was already used; this agent does not record runs, so it has no answer to replay",
      ),
    );
  }
  if (queue === undefined) {
    return ok({ kind: "run", run: { input, requestHash, recorder, slot: "none" } });
  }
  const slot = await store.enterQueue({ transactionId, ...queue, now: Date.now() });
  if (slot === "full") {
    // Nothing ran: the id is given back, so the gateway may try again later.
    await store.abandon({ transactionId });
    return fail(queueFull());
  }
  return ok({ kind: "run", run: { input, requestHash, recorder, slot } });
}

function queueFull(): AppError {
  return appError("rate_limited", "This agent's queue is full; retry later");
}

function refusal(kind: BeginOutcome["kind"]): AppError | null {
  if (kind === "full") return queueFull();
  if (kind === "taken") {
    return appError(
      "conflict",
      "transactionId was already taken by a run that did not finish; it never runs twice",
    );
  }
  if (kind === "conflict") {
    return appError("conflict", "transactionId was already used for a different request");
  }
  if (kind === "running") {
    return appError("conflict", "transactionId is still running; retry later for its result");
  }
  return null;
}
