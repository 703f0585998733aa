import type { AgentExecuteResponse } from "#shared/schemas/agent";
import { jsonObjectSchema } from "#shared/schemas/common";
import type { StoredTransaction } from "../durable/agent-durable-object.js";

/** /execute's answer: the JSON body, and its status when it is not streamed (docs/agent.md). */
export type ExecuteAnswer = { status: 200 | 400; body: AgentExecuteResponse };

export function executeAnswer(outcome: {
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

/** The answer of a run the Durable Object stored, for a repeat of its request. */
export function replayAnswer(stored: StoredTransaction): ExecuteAnswer {
  const result =
    stored.resultJson === null
      ? null
      : (jsonObjectSchema.safeParse(JSON.parse(stored.resultJson)).data ?? null);
  return executeAnswer({ ...stored, result });
}
