import type { z } from "zod";
import { sha256Hex } from "#shared/auth/agent-signature";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import { formatZodIssue } from "#shared/errors/validation";
import type { AgentExecuteResponse, AgentRequest } from "#shared/schemas/agent";
import { jsonObjectSchema } from "#shared/schemas/common";
import { createTransactionLog, type TransactionLog } from "../authoring/agent-log.js";
import type { AgentDefinition } from "../authoring/define-agent.js";
import type { AgentConfig } from "../config/agent-config.js";
import type {
  AgentDurableObject,
  BeginOutcome,
  StoredTransaction,
} from "../durable/agent-durable-object.js";
import { boundedError, type HandlerOutcome, runAgentHandler } from "./run-handler.js";

/** How long past the time limit a duplicate waits for the first run before calling it dead. */
const RUN_GRACE_MS = 5_000;

export type ExecuteAnswer = { status: 200 | 400; body: AgentExecuteResponse };

function answer(outcome: {
  status: "completed" | "failed";
  result: Record<string, unknown> | null;
  error: string | null;
  executionTime: number;
  logs: string[];
}): ExecuteAnswer {
  if (outcome.status === "completed" && outcome.result !== null) {
    return {
      status: 200,
      body: {
        success: true,
        result: outcome.result,
        executionTime: outcome.executionTime,
        logs: outcome.logs,
      },
    };
  }
  return {
    status: 400,
    body: {
      success: false,
      error: outcome.error ?? "Agent execution failed",
      executionTime: outcome.executionTime,
      logs: outcome.logs,
    },
  };
}

function replay(stored: StoredTransaction): ExecuteAnswer {
  const result =
    stored.resultJson === null
      ? null
      : (jsonObjectSchema.safeParse(JSON.parse(stored.resultJson)).data ?? null);
  return answer({ ...stored, result });
}

/**
 * POST /execute (docs/agent.md, "Answers") after the body passed AgentRequest and the gateway's
 * signature: checks the process id, then runs the handler on the data its input schema accepts
 * (a refusal is a failed run) once per transactionId, ever: the agent's Durable Object takes each id once, and records the run (its
 * answer is replayed to a repeat of the same request) unless recording is off, when a repeat is
 * refused. A failing handler is an answer (400), not an error. docs/agent.md, "One run per
 * transactionId".
 */
export async function executeTransaction<Schema extends z.ZodType>(args: {
  agent: AgentDefinition<Schema>;
  config: AgentConfig;
  request: AgentRequest;
  store: DurableObjectStub<AgentDurableObject>;
}): Promise<Result<ExecuteAnswer>> {
  const { agent, config, request } = args;
  const store = config.recordTransactions ? args.store : null;
  if (request.processId !== config.process.id) {
    return fail(
      appError("validation_failed", `processId: this agent serves process ${config.process.id}`, {
        fields: ["processId"],
      }),
    );
  }
  const input = agent.input.safeParse(request.data);

  const requestHash = store === null ? "" : await sha256Hex(JSON.stringify(request));
  if (store !== null) {
    const begun = await store.begin({
      transactionId: request.transactionId,
      requestHash,
      now: Date.now(),
      waitMs: config.timeoutMs + RUN_GRACE_MS,
    });
    const refused = refusal(begun.kind);
    if (refused !== null) return fail(refused);
    if (begun.kind === "done") return ok(replay(begun.transaction));
  } else if (
    !(await args.store.takeOnce({ transactionId: request.transactionId, now: Date.now() }))
  ) {
    return fail(
      appError(
        "conflict",
        "transactionId was already used; this agent does not record runs, so it has no answer to replay",
      ),
    );
  }

  const transactionLog = createTransactionLog({ limits: config.log });
  const started = Date.now();
  // Data the input schema refuses never reaches the handler, but it is a run of this
  // transactionId like any other: its failure line is logged and stored, and a repeat replays it
  // (docs/agent.md, "The handler").
  const outcome: HandlerOutcome = input.success
    ? await runAgentHandler({
        agent,
        input: input.data,
        request,
        transactionLog,
        timeoutMs: config.timeoutMs,
      })
    : refusedInput(transactionLog, formatZodIssue(input.error.issues, "data"));
  // The handler never ran on refused data: no time is spent in it.
  const executionTime = input.success ? Date.now() - started : 0;
  const logs = transactionLog.lines();
  const completed = outcome.status === "completed";
  if (store !== null) {
    await store.finish({
      transactionId: request.transactionId,
      requestHash,
      status: outcome.status,
      resultJson: completed ? outcome.resultJson : null,
      error: completed ? null : outcome.error,
      executionTime,
      logs,
      now: Date.now(),
    });
  }
  return ok(
    answer({
      status: outcome.status,
      result: completed ? outcome.result : null,
      error: completed ? null : outcome.error,
      executionTime,
      logs,
    }),
  );
}

function refusedInput(transactionLog: TransactionLog, issues: string): HandlerOutcome {
  const error = boundedError(`Invalid input: ${issues}`);
  transactionLog.final(error);
  return { status: "failed", error };
}

function refusal(kind: BeginOutcome["kind"]): AppError | null {
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
