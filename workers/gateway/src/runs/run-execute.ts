import { admitExecute } from "../execute/admit-execute.js";
import type { ExecuteDeps, ExecuteRequest } from "../execute/execute-types.js";
import { answerOf } from "../http/failure.js";
import type { GatewayAnswer } from "../http/respond.js";
import { type RunApi, startRun } from "./start-run.js";

/** An execute's deps and the run object an admitted run is handed to (durable/stubs.ts runStub). */
export type RunDeps = ExecuteDeps & { run(transactionId: string): RunApi };

/**
 * POST /api/execute/:processId after body validation, and MCP tools/call: the paid path reads as
 * context, refusals, admit (execute/admit-execute.ts), then the run in its run object and its
 * finish there (start-run.ts, run-object.ts). Transport-free: the HTTP route and the MCP server
 * both call it with runDepsFor's deps; a failure becomes its answer once, by answerOf
 * (http/failure.ts).
 */
export async function runExecute(args: {
  request: ExecuteRequest;
  deps: RunDeps;
}): Promise<GatewayAnswer> {
  const { request, deps } = args;
  const admission = await admitExecute(args);
  if (!admission.ok) return answerOf(admission.failure);
  const { run } = admission;
  return startRun({
    run: {
      transactionId: run.transactionId,
      processId: request.processId,
      taskId: run.taskId,
      body: request.body,
      ownerAddress: run.context.owner,
      serviceUrl: run.context.serviceUrl,
      idempotency: run.idempotency,
      ...(run.x402Response === undefined ? {} : { x402Response: run.x402Response }),
    },
    runApi: deps.run(run.transactionId),
    timeoutMs: deps.timeoutMs,
    origin: deps.publicOrigin ?? request.origin,
    respondAsync: request.respondAsync === true,
  });
}
