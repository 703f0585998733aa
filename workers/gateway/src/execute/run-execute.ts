import { sha256Hex } from "#shared/auth/agent-signature";
import { type AppError, appError } from "#shared/errors/app-error";
import { errorMessage } from "#shared/errors/bodies";
import type { LedgerClient } from "#shared/ledger/client";
import type { GatewayContext } from "#shared/ledger/records";
import type { AgentRequest } from "#shared/schemas/agent";
import type { ExecuteBody } from "#shared/schemas/gateway";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import { admitRefusal } from "../claims/admit-refusal.js";
import type { AdmitArgs, ClaimsApi } from "../claims/claims-types.js";
import { claimRunOnLedger, type LedgerClaimDeps } from "../claims/ledger-claim.js";
import { checkCallerProof } from "../http/caller-proof-check.js";
import { errorAnswer, failedRunAnswer, type GatewayAnswer } from "../http/respond.js";
import { agentUnavailable } from "../runs/run-answer.js";
import { type RunApi, startRun } from "../runs/start-run.js";
import type { AgentTarget, AgentTargetResult } from "./agent-target.js";
import type { AgentCallOptions, AgentOutcome } from "./forward-to-agent.js";
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
  /**
   * `ownerAddress`: the process's owner, which the gateway signs the agent request for; `call`:
   * the run object's events, cancel and time limit (docs/gateway.md, "The run object").
   */
  forward(
    target: AgentTarget,
    request: AgentRequest,
    ownerAddress: string,
    call?: AgentCallOptions,
  ): Promise<AgentOutcome>;
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
  reports: LedgerClaimDeps["reports"];
  claimRun: LedgerClaimDeps["claimRun"];
  timeoutMs: number;
  /** The run object of an admitted run, which runs it (docs/gateway.md, "The run object"). */
  run(transactionId: string): RunApi;
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
  /** `Prefer: respond-async` (http/prefer.ts): 202 RunAccepted instead of waiting for the end. */
  respondAsync?: boolean;
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

  return startRun({
    run: {
      transactionId,
      processId,
      taskId,
      body: request.body,
      ownerAddress: context.owner,
      serviceUrl: context.serviceUrl,
      idempotency:
        idempotent && request.idempotencyKey !== null
          ? { route: ROUTE, key: request.idempotencyKey }
          : null,
      ...(settled === undefined ? {} : { x402Response: settled }),
    },
    runApi: deps.run(transactionId),
    timeoutMs: deps.timeoutMs,
    origin: deps.publicOrigin ?? originOf(request.resourceUrl),
    respondAsync: request.respondAsync === true,
  });
}

/** The origin a run's links use without PUBLIC_ORIGIN: the request's own (docs/gateway.md, "Runs"). */
function originOf(url: string): string {
  const { origin } = new URL(url);
  return origin === "null" ? "" : origin;
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
 * An agent_unavailable refusal from the schema step, with its reason as `details.reason` too,
 * beside the limit the bounded read names (`route`, `limitBytes`, `deadlineMs`).
 */
function withReason(error: AppError): AppError {
  if (error.code !== "agent_unavailable" || error.details?.reason !== undefined) return error;
  return { ...error, details: { ...error.details, reason: errorMessage(error) } };
}
