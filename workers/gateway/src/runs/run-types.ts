import type { ErrorCode } from "#shared/errors/codes";
import type { AgentRequest } from "#shared/schemas/agent";
import type { JsonObject } from "#shared/schemas/common";
import type { RunLinks, RunProgress, RunState } from "#shared/schemas/runs";
import type { SettleResponse } from "#shared/x402/transport";
import type { IdempotencyKey } from "../claims/claims-types.js";
import type { GatewayAnswer } from "../http/respond.js";

/**
 * What an admitted run needs to go on without its client (docs/gateway.md, "Runs"): handed to its
 * run object by the admission step, once the payment (if any) is claimed here and on the ledger.
 */
export type RunSpec = {
  transactionId: string;
  processId: string;
  /** The execute body's userAddress: the payer of a paid run, whose caller proof reads it. */
  payer: string;
  /** The claimed payment, or null for a free run. */
  taskId: string | null;
  ownerAddress: string;
  serviceUrl: string;
  agentRequest: AgentRequest;
  /** SHA-256 hex of the run's access token (run-token.ts): the token itself is never stored. */
  tokenHash: string;
  /** The agent's time limit (AGENT_TIMEOUT_MS). */
  timeoutMs: number;
  /** The Idempotency-Key the run's SPEC answer is stored under when it ends. */
  idempotency: IdempotencyKey | null;
  /** The receipt of the x402 payment this request committed: it goes with the answer. */
  x402Response?: SettleResponse;
  links: RunLinks;
};

/** A run as its object keeps it; times are Unix milliseconds. */
export type RunRecord = {
  transactionId: string;
  processId: string;
  payer: string;
  taskId: string | null;
  tokenHash: string;
  status: RunState;
  progress: RunProgress | null;
  result?: JsonObject;
  error?: string;
  code?: ErrorCode;
  /** Paid runs once final: the outcome queued for the ledger. */
  outcome: { delivered: boolean; reported: true } | null;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  expiresAt: number;
  links: RunLinks;
};

/** A run object's answer to a cancel (docs/gateway.md, "Canceling a run"). */
export type CancelResult =
  | { ok: true; run: RunRecord }
  | { ok: false; code: "run_not_cancelable" | "run_not_found" };

/** A run and its event stream, from one call of its object (RunObject.watch). */
export type RunWatch = { record: RunRecord; events: ReadableStream<Uint8Array> };

/**
 * A run that ended in its request, as its run object keeps it afterwards (keep-ended.ts): its
 * final record, SPEC's answer, and the spec it ran by.
 */
export type EndedRun = { spec: RunSpec; record: RunRecord; answer: GatewayAnswer };
