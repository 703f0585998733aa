import type { Result } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import type { GatewayContext } from "#shared/ledger/records";
import type { AgentRequest } from "#shared/schemas/agent";
import type { ExecuteBody } from "#shared/schemas/gateway";
import type { PaymentPayload, SettleResponse } from "#shared/x402/transport";
import type { ClaimsApi, IdempotencyKey } from "../claims/claims-types.js";
import type { LedgerClaimDeps } from "../claims/ledger-claim.js";
import type { Failure } from "../http/failure.js";
import type { AgentTarget, AgentTargetResult } from "./agent-target.js";
import type { AgentCallOptions, AgentOutcome } from "./forward-to-agent.js";
import type { OperatorSettings } from "./paid-run-refusal.js";

/** The route under which execute's Idempotency-Keys are scoped (docs/gateway.md, "Idempotency"). */
export const EXECUTE_ROUTE = "execute";

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
   * Whether `data` can run, by the agent's published input schema (schema/check-data.ts), or why
   * not: asked before anything is claimed.
   */
  checkData(args: {
    target: AgentTarget;
    serviceUrl: string;
    ownerAddress: string;
    data: ExecuteBody["data"];
  }): Promise<Result<true>>;
  operator: OperatorSettings;
  publicOrigin: string | null;
  /** The process's outcome queue (docs/gateway.md, "Outcome reports"). */
  reports: LedgerClaimDeps["reports"];
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
  /** The origin the request reached the gateway at: a run's links use it without PUBLIC_ORIGIN. */
  origin: string;
  /** `Prefer: respond-async` (http/prefer.ts): 202 RunAccepted instead of waiting for the end. */
  respondAsync?: boolean;
  /**
   * A2A's blocking SendMessage (docs/gateway.md, "Which runs have a run object"): a run that may
   * run in its request (free, no Idempotency-Key) does, and its end is kept in its run object
   * by work `add`ed for after the answer; any other run answers as `respondAsync` says.
   */
  blockingTask?: { add(work: () => Promise<unknown>): void };
};

/**
 * A run admitted (admit-execute.ts): everything up to and including its claims is done, the
 * agent has not been called. What the run and its finish need.
 */
export type AdmittedRun = {
  transactionId: string;
  /** The claimed payment of a paid run; null for a free one. */
  taskId: string | null;
  /** The key the run's answer is finished (stored) under, or null. */
  idempotency: IdempotencyKey | null;
  /** The SettleResponse of the x402 payment this request committed (pay and run). */
  x402Response?: SettleResponse;
  context: GatewayContext;
  target: AgentTarget;
};

/** Admission's result: the admitted run, or why not (answered by http/failure.ts answerOf). */
export type Admission = { ok: true; run: AdmittedRun } | { ok: false; failure: Failure };
