import { appError } from "#shared/errors/app-error";
import type { AgentRequest } from "#shared/schemas/agent";
import type { ExecuteBody } from "#shared/schemas/gateway";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import type { SettleResponse } from "#shared/x402/transport";
import type { IdempotencyKey } from "../claims/claims-types.js";
import { errorAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import { runLinks } from "./run-status.js";
import { mintRunToken } from "./run-token.js";
import type { EndedRun, RunRecord, RunSpec } from "./run-types.js";

/** What runExecute needs of a run object (RunObject over RPC; run-stub.ts runStub). */
export type RunApi = {
  start(spec: RunSpec): Promise<RunRecord>;
  startAndAwait(spec: RunSpec): Promise<GatewayAnswer | null>;
  keepEnded(ended: EndedRun): Promise<void>;
};

/** An admitted run as its run object is started with (run-execute.ts). */
export type StartingRun = {
  transactionId: string;
  processId: string;
  taskId: string | null;
  body: ExecuteBody;
  ownerAddress: string;
  serviceUrl: string;
  idempotency: IdempotencyKey | null;
  x402Response?: SettleResponse;
};

/** The AgentRequest of a run: the execute body's fields the agent reads, and the claimed payment. */
export function agentRequestOf(run: StartingRun): AgentRequest {
  const { body } = run;
  const request: AgentRequest = {
    transactionId: run.transactionId,
    processId: run.processId,
    userAddress: body.userAddress,
    data: body.data,
  };
  if (body.workflowId !== undefined) request.workflowId = body.workflowId;
  const agentTaskId = run.taskId ?? body.taskId;
  if (agentTaskId !== undefined) request.taskId = agentTaskId;
  if (body.priority !== undefined) request.priority = body.priority;
  return request;
}

/**
 * Hands an admitted run to its run object (docs/gateway.md, "The run object"), which runs it
 * without the client. Blocking (SPEC): waits for its end and answers SPEC's answer, the same
 * bytes as ever. `Prefer: respond-async`: 202 RunAccepted at once, with the run's links and its
 * access token (shown this once), `Location` and `Preference-Applied`, and the x402 receipt.
 */
export async function startRun(args: {
  run: StartingRun;
  runApi: RunApi;
  timeoutMs: number;
  origin: string;
  respondAsync: boolean;
}): Promise<GatewayAnswer> {
  const { run, runApi } = args;
  const x402 = run.x402Response === undefined ? {} : { x402: { response: run.x402Response } };
  const { token, tokenHash } = await mintRunToken();
  const spec = runSpecOf({ ...args, tokenHash });
  try {
    if (args.respondAsync) return { ...acceptedAnswer(await runApi.start(spec), token), ...x402 };
    // One call to the object: each call waits on its storage's commits and the object's turn.
    const answer = await runApi.startAndAwait(spec);
    if (answer !== null) return answer;
  } catch (error) {
    // The gateway's own fault; a paid run's reservation reports it FAILED (the payer can refund).
    console.error("gateway: run object failed", run.transactionId, error);
  }
  // The run is stored and may still end: its id lets the payer read it by caller proof.
  return {
    ...errorAnswer(appError("internal_error"), { transactionId: run.transactionId }),
    ...x402,
  };
}

/** The spec a run object keeps of an admitted run, under its access token's hash. */
export function runSpecOf(args: {
  run: StartingRun;
  tokenHash: string;
  timeoutMs: number;
  origin: string;
}): RunSpec {
  const { run } = args;
  return {
    transactionId: run.transactionId,
    processId: run.processId,
    payer: run.body.userAddress,
    taskId: run.taskId,
    ownerAddress: run.ownerAddress,
    serviceUrl: run.serviceUrl,
    agentRequest: agentRequestOf(run),
    tokenHash: args.tokenHash,
    timeoutMs: args.timeoutMs,
    idempotency: run.idempotency,
    ...(run.x402Response === undefined ? {} : { x402Response: run.x402Response }),
    links: runLinks(args.origin, run.transactionId),
  };
}

function acceptedAnswer(record: RunRecord, accessToken: string): GatewayAnswer {
  const body: RunAcceptedResponse = {
    success: true,
    transactionId: record.transactionId,
    processId: record.processId,
    status: record.status,
    taskId: record.taskId,
    accessToken,
    links: record.links,
    expiresAt: new Date(record.expiresAt).toISOString(),
    timestamp: nowIso(),
  };
  return {
    status: 202,
    body,
    headers: { "Preference-Applied": "respond-async", Location: record.links.run },
  };
}
