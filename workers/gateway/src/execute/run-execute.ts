import { sha256Hex } from "../../../../shared/src/auth/agent-signature.js";
import { verifyCallerProof } from "../../../../shared/src/auth/caller-proof.js";
import { PROCESS_STATUS } from "../../../../shared/src/contract/status.js";
import { appError } from "../../../../shared/src/errors/app-error.js";
import type { GatewayContext } from "../../../../shared/src/ledger/records.js";
import type { AgentRequest } from "../../../../shared/src/schemas/agent.js";
import type { ExecuteBody } from "../../../../shared/src/schemas/gateway.js";
import type { AdmitArgs, ClaimsApi, FinishArgs } from "../claims/claims-types.js";
import { errorAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import { storedAnswer } from "../http/stored-answer.js";
import type { AgentTarget, AgentTargetResult } from "./agent-target.js";
import type { AgentOutcome } from "./forward-to-agent.js";
import { newTransactionId } from "./transaction-id.js";
import { usablePaymentTaskIds } from "./usable-payments.js";

export type OutcomeReport = {
  processId: string;
  taskId: string;
  payer: string;
  delivered: boolean;
  resultHash: string;
};

export type ExecuteDeps = {
  loadContext(): Promise<GatewayContext>;
  claims(): ClaimsApi;
  resolveTarget(serviceUrl: string): AgentTargetResult;
  /** `ownerAddress`: the process's owner, which the gateway signs the agent request for. */
  forward(target: AgentTarget, request: AgentRequest, ownerAddress: string): Promise<AgentOutcome>;
  /** Set when the gateway has an operator key: queues a receipt, after the answer. */
  reportOutcome: ((args: { context: GatewayContext; report: OutcomeReport }) => void) | null;
  timeoutMs: number;
};

export type ExecuteRequest = {
  processId: string;
  body: ExecuteBody;
  /** The body exactly as received: the caller proof and idempotency hash these bytes. */
  rawBody: Uint8Array;
  headers: Headers;
  host: string;
  path: string;
  idempotencyKey: string | null;
};

const ROUTE = "execute";

function inactiveMessage(status: number): string {
  return status === PROCESS_STATUS.maintenance
    ? "Process is under maintenance"
    : "Process is inactive";
}

/**
 * POST /api/execute/:processId after body validation, in the order: the one-call view;
 * Payment required when there is nothing to claim and no Idempotency-Key; the caller proof; the
 * idempotency lookup; the claim; the agent; the release on failure; the receipt.
 */
export async function runExecute(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
}): Promise<GatewayAnswer> {
  const { request, deps } = args;
  const { processId } = request;
  const context = await deps.loadContext();
  if (!context.processExists) {
    return errorAnswer(appError("process_not_found"), { processId });
  }
  if (context.status !== PROCESS_STATUS.active) {
    return errorAnswer(appError("process_inactive", inactiveMessage(context.status)), {
      processId,
    });
  }
  const resolved = deps.resolveTarget(context.serviceUrl);
  if (!resolved.ok) {
    return errorAnswer(appError("agent_unavailable", resolved.message), { processId });
  }
  const paid = context.pricing?.requiresPrepayment === true;
  const transactionId = newTransactionId();
  const idempotency =
    request.idempotencyKey === null
      ? undefined
      : { route: ROUTE, key: request.idempotencyKey, bodyHash: await sha256Hex(request.rawBody) };
  const admit: AdmitArgs = { transactionId, nowSeconds: Math.floor(Date.now() / 1000) };
  if (idempotency !== undefined) admit.idempotency = idempotency;

  if (paid) {
    const usable = usablePaymentTaskIds({
      context,
      timeoutMs: deps.timeoutMs,
      taskId: request.body.taskId,
    });
    if (usable.length === 0 && idempotency === undefined) {
      return errorAnswer(appError("payment_required"), { processId });
    }
    const proof = await verifyCallerProof({
      headers: request.headers,
      host: request.host,
      method: "POST",
      path: request.path,
      body: request.rawBody,
      authenticationKey: context.authenticationKey,
    });
    if (!proof.ok) {
      return errorAnswer(appError("unauthorized", proof.message, { reason: proof.reason }), {
        processId,
      });
    }
    admit.proof = { signature: proof.signature, expiresAt: proof.expiresAt };
    admit.claimFrom = usable;
  }

  let taskId: string | null = null;
  if (paid || idempotency !== undefined) {
    const admitted = await deps.claims().admit(admit);
    switch (admitted.kind) {
      case "replayed_signature":
        return errorAnswer(
          appError("unauthorized", "This caller proof was already used; sign each request afresh", {
            reason: "replayed_signature",
          }),
          { processId },
        );
      case "stored_answer":
        return storedAnswer(admitted);
      case "idempotency_conflict":
        return errorAnswer(
          appError("conflict", "This Idempotency-Key was used with another body"),
          { processId },
        );
      case "idempotency_in_progress":
        return errorAnswer(
          appError("conflict", "A request with this Idempotency-Key is still running"),
          { processId },
        );
      case "no_payment":
        return errorAnswer(appError("payment_required"), { processId });
      case "admitted":
        taskId = admitted.taskId;
    }
  }

  const agentRequest: AgentRequest = {
    transactionId,
    processId,
    userAddress: request.body.userAddress,
    data: request.body.data,
  };
  if (request.body.workflowId !== undefined) agentRequest.workflowId = request.body.workflowId;
  const agentTaskId = taskId ?? request.body.taskId;
  if (agentTaskId !== undefined) agentRequest.taskId = agentTaskId;
  if (request.body.priority !== undefined) agentRequest.priority = request.body.priority;

  let outcome: AgentOutcome;
  try {
    outcome = await deps.forward(resolved.target, agentRequest, context.owner);
  } catch (error) {
    outcome = {
      kind: "unexpected",
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const answer = answerFor({ outcome, transactionId, processId });
  const finish: FinishArgs = {
    transactionId,
    taskId,
    agentSucceeded: outcome.kind === "completed",
  };
  if (idempotency !== undefined) {
    finish.idempotency = { route: ROUTE, key: idempotency.key };
    // An unexpected failure is not an answer worth replaying: the retry may run.
    if (outcome.kind !== "unexpected")
      finish.answer = { status: answer.status, body: JSON.stringify(answer.body) };
  }
  if (taskId !== null || idempotency !== undefined) await deps.claims().finish(finish);
  if (outcome.kind === "unexpected") {
    console.error("gateway: agent gave no usable answer", processId, transactionId, outcome.detail);
  }
  if (taskId !== null && deps.reportOutcome !== null && outcome.kind !== "unexpected") {
    const resultHash =
      outcome.kind === "completed" ? await sha256Hex(JSON.stringify(outcome.result)) : "";
    deps.reportOutcome({
      context,
      report: {
        processId,
        taskId,
        payer: request.body.userAddress,
        delivered: outcome.kind === "completed",
        resultHash,
      },
    });
  }
  return answer;
}

function answerFor(args: {
  outcome: AgentOutcome;
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
      return {
        status: 400,
        body: {
          success: false,
          transactionId,
          processId,
          status: "failed",
          error: outcome.error,
          timestamp: nowIso(),
        },
      };
    case "unexpected":
      return errorAnswer(appError("internal_error"));
  }
}
