import { sha256Hex } from "#shared/auth/agent-signature";
import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import type { GatewayContext } from "#shared/ledger/records";
import type { AgentRequest } from "#shared/schemas/agent";
import type { ExecuteBody } from "#shared/schemas/gateway";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { admitRefusal } from "../claims/admit-refusal.js";
import type { AdmitArgs, ClaimsApi, FinishArgs } from "../claims/claims-types.js";
import { claimRunOnLedger, type LedgerClaimDeps } from "../claims/ledger-claim.js";
import { checkCallerProof } from "../http/caller-proof-check.js";
import { errorAnswer, failedRunAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import type { OutcomeReport } from "../outcome/outcome-types.js";
import type { AgentTarget, AgentTargetResult } from "./agent-target.js";
import type { AgentOutcome } from "./forward-to-agent.js";
import { type OperatorSettings, paidRunRefusal } from "./paid-run-refusal.js";
import { payAndClaim, paymentRequiredAnswer } from "./pay-and-claim.js";
import { processRefusal } from "./process-refusal.js";
import { newTransactionId } from "./transaction-id.js";
import { usablePaymentTaskIds } from "./usable-payments.js";

/**
 * How long after a paid run's time limit its reservation turns into a FAILED report when the run
 * never ended (the gateway died mid-run): enough for a slow answer to be written back first.
 */
export const REPORT_GRACE_MS = 60_000;

export type ExecuteDeps = {
  /** `fresh` skips the free-process cache: the payer's authentication key must be current. */
  loadContext(args: { fresh: boolean }): Promise<GatewayContext>;
  claims(): ClaimsApi;
  resolveTarget(serviceUrl: string): AgentTargetResult;
  /** `ownerAddress`: the process's owner, which the gateway signs the agent request for. */
  forward(target: AgentTarget, request: AgentRequest, ownerAddress: string): Promise<AgentOutcome>;
  /**
   * Why `data` cannot run, by the agent's published input schema (schema/check-data.ts), or
   * null: asked before anything is claimed.
   */
  dataRefusal(args: {
    target: AgentTarget;
    serviceUrl: string;
    ownerAddress: string;
    data: ExecuteBody["data"];
  }): Promise<AppError | null>;
  operator: OperatorSettings;
  publicOrigin: string | null;
  /** The process's outcome queue (docs/gateway.md, "Outcome reports"). */
  reports: LedgerClaimDeps["reports"] & {
    complete(report: OutcomeReport): Promise<void>;
  };
  claimRun: LedgerClaimDeps["claimRun"];
  timeoutMs: number;
  /** Pays (x402) and offers payments: builds, decodes and submits make_payment transactions. */
  ledger: LedgerClient;
  /** How long an offered make_payment stays valid (UNSIGNED_TRANSACTION_TTL_SECONDS). */
  unsignedTransactionTtlSeconds: number;
};

export type ExecuteRequest = {
  processId: string;
  body: ExecuteBody;
  /** The body exactly as received: the caller proof and idempotency hash these bytes. */
  rawBody: Uint8Array;
  headers: Headers;
  /** Path and query as received: the caller proof signs them. */
  path: string;
  idempotencyKey: string | null;
  /**
   * The x402 payment sent with the request (HTTP: the decoded PAYMENT-SIGNATURE header; MCP:
   * `_meta["x402/payment"]`), not yet checked, or null (docs/x402.md).
   */
  payment: PaymentPayload | null;
  /** The client speaks x402: 402 rather than SPEC's 400 when there is no usable payment. */
  speaksX402: boolean;
  /** The resource a PaymentRequired names (the route's URL, or the MCP tool). */
  resourceUrl: string;
};

const ROUTE = "execute";

/**
 * POST /api/execute/:processId after body validation, in the order of docs/gateway.md ("Paths a
 * request takes"): the one-call view; the process's state; for a paid process, whether this
 * gateway can report its outcome; `data` against the agent's input schema; with an x402 payment,
 * pay and claim exactly it (pay-and-claim.ts); else Payment required when there is nothing to
 * claim, the caller proof (paid, or any request with an Idempotency-Key) and the claim; for a
 * paid run, its claim on the ledger (claims/ledger-claim.ts); then the agent; the outcome.
 * Transport-free: the HTTP route and the MCP server both call it with executeDepsFor's deps.
 */
export async function runExecute(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
}): Promise<GatewayAnswer> {
  const { request, deps } = args;
  const { processId } = request;
  const refuse = (error: AppError) => errorAnswer(error, { processId });
  // A run the agent or the data stops before anything is claimed: SPEC's failed run, under a
  // transaction id of its own although nothing ran (docs/gateway.md, "Execute").
  const failRun = (error: AppError) =>
    failedRunAnswer({ error, transactionId: newTransactionId(), processId });
  const context = await deps.loadContext({ fresh: request.idempotencyKey !== null });
  const unusable = processRefusal(context);
  if (unusable !== null) return refuse(unusable);
  const resolved = deps.resolveTarget(context.serviceUrl);
  if (!resolved.ok) return failRun(agentUnavailable(resolved.message));
  const paid = context.pricing?.requiresPrepayment === true;
  if (paid) {
    const refusal = paidRunRefusal(context, deps.operator);
    if (refusal !== null) return refuse(refusal);
  }

  // Data the agent's schema refuses would fail the run: refused before any claim, so nothing is
  // spent (docs/gateway.md, "Execute").
  const refusedData = await deps.dataRefusal({
    target: resolved.target,
    serviceUrl: context.serviceUrl,
    ownerAddress: context.owner,
    data: request.body.data,
  });
  if (refusedData !== null) return failRun(withReason(refusedData));

  let admitted: Admission;
  let settled: SettleResponse | undefined;
  if (paid && request.payment !== null) {
    // Pay and run in one request (docs/x402.md); a free process ignores a payment sent to it.
    const claim = await payAndClaim({ request, payment: request.payment, deps, context });
    if (!claim.ok) return claim.answer;
    admitted = {
      ok: true,
      transactionId: claim.transactionId,
      taskId: claim.taskId,
      idempotent: false,
    };
    settled = claim.response;
  } else {
    admitted = await admit({ request, deps, context, paid });
  }
  if (!admitted.ok) return admitted.answer;
  const { transactionId, taskId, idempotent } = admitted;
  const payer = request.body.userAddress;
  if (taskId !== null) {
    const refused = await claimRunOnLedger({
      deps,
      processId,
      transactionId,
      taskId,
      payer,
      failAfterMs: deps.timeoutMs + REPORT_GRACE_MS,
      ...(idempotent && request.idempotencyKey !== null
        ? { idempotency: { route: ROUTE, key: request.idempotencyKey } }
        : {}),
    });
    // A payment this request committed (pay and run) is spent all the same: its receipt goes too.
    if (refused !== null)
      return settled === undefined ? refused : { ...refused, x402: { response: settled } };
  }

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

type Admission =
  | { ok: true; transactionId: string; taskId: string | null; idempotent: boolean }
  | { ok: false; answer: GatewayAnswer };

/**
 * Payment required, the caller proof, then one atomic call to the claims object: the proof is
 * not a replay, the Idempotency-Key is new (or its answer is replayed), one usable payment is
 * claimed. A request with an Idempotency-Key always needs a proof, free processes included, so
 * nobody can take another user's keys or fill their storage (docs/gateway.md, "Idempotency").
 */
async function admit(args: {
  request: ExecuteRequest;
  deps: ExecuteDeps;
  context: GatewayContext;
  paid: boolean;
}): Promise<Admission> {
  const { request, deps, context, paid } = args;
  const { processId, idempotencyKey } = request;
  const transactionId = newTransactionId();
  const usable = paid ? usablePaymentTaskIds({ context, taskId: request.body.taskId }) : [];
  if (paid && usable.length === 0 && idempotencyKey === null) {
    return { ok: false, answer: await paymentRequiredAnswer({ request, deps, context }) };
  }
  if (!paid && idempotencyKey === null) {
    return { ok: true, transactionId, taskId: null, idempotent: false };
  }
  const proof = await checkCallerProof({
    publicOrigin: deps.publicOrigin,
    headers: request.headers,
    method: "POST",
    path: request.path,
    body: request.rawBody,
    authenticationKey: context.authenticationKey,
  });
  if (!proof.ok) return { ok: false, answer: errorAnswer(proof.error, { processId }) };
  const admitArgs: AdmitArgs = {
    transactionId,
    nowSeconds: Math.floor(Date.now() / 1000),
    proof: proof.value,
  };
  if (idempotencyKey !== null) {
    admitArgs.idempotency = {
      route: ROUTE,
      key: idempotencyKey,
      bodyHash: await sha256Hex(request.rawBody),
    };
  }
  if (paid) admitArgs.claimFrom = usable;
  const admitted = await deps.claims().admit(admitArgs);
  if (admitted.kind === "no_payment") {
    return { ok: false, answer: await paymentRequiredAnswer({ request, deps, context }) };
  }
  const refusal = admitRefusal(admitted, processId);
  if (refusal !== null || admitted.kind !== "admitted") {
    return { ok: false, answer: refusal ?? errorAnswer(appError("internal_error")) };
  }
  return { ok: true, transactionId, taskId: admitted.taskId, idempotent: admitted.idempotent };
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

/** The agent cannot be called or gave no usable answer: the reason goes to the caller too. */
function agentUnavailable(reason: string): AppError {
  return appError("agent_unavailable", reason, { reason });
}

/**
 * An agent_unavailable refusal from the schema step, with its reason as `details.reason` too,
 * beside the limit the bounded read names (`route`, `limitBytes`, `deadlineMs`).
 */
function withReason(error: AppError): AppError {
  if (error.code !== "agent_unavailable" || error.details?.reason !== undefined) return error;
  return { ...error, details: { ...error.details, reason: errorMessage(error) } };
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
