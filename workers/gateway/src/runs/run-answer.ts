import { type AppError, appError } from "#shared/errors/app-error";
import type { ErrorCode } from "#shared/errors/codes";
import type { JsonObject } from "#shared/schemas/common";
import type { RunState } from "#shared/schemas/runs";
import type { SettleResponse } from "#shared/x402/transport";
import { agentUnavailable } from "../execute/admit-execute.js";
import type { AgentOutcome } from "../execute/forward-to-agent.js";
import { errorAnswer, failedRunAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";

/**
 * How a run ended: the agent's outcome, `gateway_fault` (the call threw, which forwardToAgent
 * does only for the gateway's own failures), or `canceled` (docs/gateway.md, "Canceling a run").
 */
export type RunOutcome =
  | AgentOutcome
  | { kind: "gateway_fault"; detail: string }
  | { kind: "canceled" };

/** A run's final state as its record keeps it, and SPEC's answer to it. */
export type RunEnd = {
  status: RunState;
  result?: JsonObject;
  error?: string;
  code?: ErrorCode;
  answer: GatewayAnswer;
};

/**
 * SPEC's answers to a run (SPEC.md, "Errors"): 200 completed; the failed-run 400 for whatever
 * the agent did (`agent_failed`: it said so or timed out; `agent_unavailable`: no usable answer,
 * such as a refusal of the gateway's request, a 5xx or another shape; `run_canceled`); 500 only
 * when the gateway itself failed. The x402 receipt of the request's payment goes with any of them.
 */
export function runEndOf(args: {
  outcome: RunOutcome;
  transactionId: string;
  processId: string;
  x402Response?: SettleResponse;
}): RunEnd {
  const { outcome, transactionId, processId } = args;
  const x402 = args.x402Response === undefined ? {} : { x402: { response: args.x402Response } };
  const failed = (error: AppError & { message: string }, status: RunState = "failed"): RunEnd => ({
    status,
    error: error.message,
    code: error.code,
    answer: { ...failedRunAnswer({ error, transactionId, processId }), ...x402 },
  });
  switch (outcome.kind) {
    case "completed":
      return {
        status: "completed",
        result: outcome.result,
        answer: {
          status: 200,
          body: {
            success: true,
            transactionId,
            processId,
            status: "completed",
            result: outcome.result,
            timestamp: nowIso(),
          },
          ...x402,
        },
      };
    case "failed":
      return failed({ code: "agent_failed", message: outcome.error });
    case "unexpected": {
      const reason = `The process's agent gave no usable answer: ${outcome.detail}`;
      return failed({ ...agentUnavailable(reason), message: reason });
    }
    case "canceled":
      return failed({ code: "run_canceled", message: "The run was canceled" }, "canceled");
    case "gateway_fault":
      return {
        status: "failed",
        error: "Internal server error",
        code: "internal_error",
        answer: { ...errorAnswer(appError("internal_error")), ...x402 },
      };
  }
}

/**
 * Whether the agent gave an answer about the run (it completed, failed or timed out): a free
 * run without one is not worth replaying under its Idempotency-Key, the retry may run.
 */
export function agentAnswered(end: { status: RunState; code?: ErrorCode }): boolean {
  return end.status === "completed" || end.code === "agent_failed";
}
