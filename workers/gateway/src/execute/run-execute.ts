import { sha256Hex } from "#shared/auth/agent-signature";
import { appError } from "#shared/errors/app-error";
import type { AgentRequest } from "#shared/schemas/agent";
import type { FinishArgs } from "../claims/claims-types.js";
import { answerOf } from "../http/failure.js";
import { errorAnswer, failedRunAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import { admitExecute, agentUnavailable } from "./admit-execute.js";
import type { AgentTarget } from "./agent-target.js";
import type { AdmittedRun, ExecuteDeps, ExecuteRequest } from "./execute-types.js";
import { EXECUTE_ROUTE as ROUTE } from "./execute-types.js";
import type { AgentOutcome } from "./forward-to-agent.js";

// The deps' type, where the run and its tests expect it.
export type { ExecuteDeps } from "./execute-types.js";

/**
 * POST /api/execute/:processId after body validation, and MCP tools/call: the paid path reads as
 * context, refusals, admit (admit-execute.ts), then the run and its finish (runAdmitted).
 * Transport-free: the HTTP route and the MCP server both call it with executeDepsFor's deps; a
 * failure becomes its answer once, by answerOf (http/failure.ts).
 */
export async function runExecute(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
}): Promise<GatewayAnswer> {
  const admission = await admitExecute(args);
  if (!admission.ok) return answerOf(admission.failure);
  return runAdmitted({ ...args, run: admission.run });
}

/**
 * An admitted run: the agent, SPEC's answer, the claims' finish (the answer stored under the
 * Idempotency-Key), and for a paid run its outcome report.
 */
export async function runAdmitted(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  run: AdmittedRun;
}): Promise<GatewayAnswer> {
  const { request, deps, run } = args;
  const { processId } = request;
  const { transactionId, taskId } = run;
  const idempotent = run.idempotency !== null;
  const settled = run.x402Response;
  const resolved = { target: run.target };
  const context = run.context;
  const payer = request.body.userAddress;
  const outcome: RunOutcome = await runAgent({
    deps,
    target: resolved.target,
    owner: context.owner,
    request,
    transactionId,
    taskId,
  });
  const answer: GatewayAnswer = {
    ...answerFor({ outcome, transactionId, processId }),
    ...(settled === undefined ? {} : { x402: { response: settled } }),
  };
  const finish: FinishArgs = { transactionId, taskId };
  if (idempotent && request.idempotencyKey !== null) {
    finish.idempotency = { route: ROUTE, key: request.idempotencyKey };
    // A free run that gave no usable answer is not worth replaying: the retry may run. A paid
    // one is: its payment is spent either way.
    if (answered(outcome) || taskId !== null)
      finish.answer = { status: answer.status, body: JSON.stringify(answer.body) };
  }
  if (taskId !== null || finish.idempotency !== undefined) await deps.claims().finish(finish);
  if (!answered(outcome)) {
    console.error(
      "gateway: no usable answer",
      outcome.kind,
      processId,
      transactionId,
      outcome.detail,
    );
  }
  if (taskId !== null) {
    // Awaited: once the caller has its answer, the outcome is queued (a claim is final, and a
    // failed, timed-out or unreachable run is reported failed so the payer can refund).
    await deps.reports.complete({
      processId,
      taskId,
      payer,
      delivered: outcome.kind === "completed",
      resultHash:
        outcome.kind === "completed" ? await sha256Hex(JSON.stringify(outcome.result)) : "",
    });
  }
  return answer;
}

/**
 * The agent's outcome, or `gateway_fault`: the call threw, which forwardToAgent does only for
 * the gateway's own failures (it turns every failure of the agent into an outcome).
 */
type RunOutcome = AgentOutcome | { kind: "gateway_fault"; detail: string };

function answered(
  outcome: RunOutcome,
): outcome is Extract<RunOutcome, { kind: "completed" | "failed" }> {
  return outcome.kind === "completed" || outcome.kind === "failed";
}

async function runAgent(args: {
  deps: ExecuteDeps;
  target: AgentTarget;
  owner: string;
  request: ExecuteRequest;
  transactionId: string;
  taskId: string | null;
}): Promise<RunOutcome> {
  const { body, processId } = args.request;
  const agentRequest: AgentRequest = {
    transactionId: args.transactionId,
    processId,
    userAddress: body.userAddress,
    data: body.data,
  };
  if (body.workflowId !== undefined) agentRequest.workflowId = body.workflowId;
  const agentTaskId = args.taskId ?? body.taskId;
  if (agentTaskId !== undefined) agentRequest.taskId = agentTaskId;
  if (body.priority !== undefined) agentRequest.priority = body.priority;
  try {
    return await args.deps.forward(args.target, agentRequest, args.owner);
  } catch (error) {
    return {
      kind: "gateway_fault",
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * SPEC's answers to a run (SPEC.md, "Errors"): 200 completed; the failed-run 400 for whatever
 * the agent did (`agent_failed`: it said so or timed out; `agent_unavailable`: no usable answer,
 * such as a refusal of the gateway's request, a 5xx or another shape); 500 only when the gateway
 * itself failed.
 */
function answerFor(args: {
  outcome: RunOutcome;
  transactionId: string;
  processId: string;
}): GatewayAnswer {
  const { outcome, transactionId, processId } = args;
  switch (outcome.kind) {
    case "completed":
      return {
        status: 200,
        body: {
          success: true,
          transactionId,
          processId,
          status: "completed",
          result: outcome.result,
          timestamp: nowIso(),
        },
      };
    case "failed":
      return failedRunAnswer({
        error: appError("agent_failed", outcome.error),
        transactionId,
        processId,
      });
    case "unexpected":
      return failedRunAnswer({
        error: agentUnavailable(`The process's agent gave no usable answer: ${outcome.detail}`),
        transactionId,
        processId,
      });
    case "gateway_fault":
      return errorAnswer(appError("internal_error"));
  }
}
