import { admitExecute } from "../execute/admit-execute.js";
import type { AdmittedRun, ExecuteDeps, ExecuteRequest } from "../execute/execute-types.js";
import { answerOf } from "../http/failure.js";
import type { GatewayAnswer } from "../http/respond.js";
import { type KeptRun, keepEnded } from "./keep-ended.js";
import { type RunEnd, type RunOutcome, runEndOf } from "./run-answer.js";
import { agentRequestOf, type RunApi, type StartingRun, startRun } from "./start-run.js";

/** An execute's deps and the run object an admitted run is handed to (run-stub.ts runStub). */
export type RunDeps = ExecuteDeps & { run(transactionId: string): RunApi };

/** An execute's answer; a blocking task's (`blockingTask`) with its kept run, when it ran here. */
export type ExecuteAnswer = GatewayAnswer & { kept?: KeptRun };

/**
 * POST /api/execute/:processId after body validation, MCP tools/call and A2A's SendMessage: the
 * paid path reads as context, refusals, admit (execute/admit-execute.ts), then the run in its run
 * object and its finish there (start-run.ts, run-object.ts); a free blocking run in its request.
 * Transport-free: the HTTP route, the MCP server and A2A call it with runDepsFor's deps; a
 * failure becomes its answer once, by answerOf (http/failure.ts).
 */
export async function runExecute(args: {
  request: ExecuteRequest;
  deps: RunDeps;
}): Promise<ExecuteAnswer> {
  const { request, deps } = args;
  const admission = await admitExecute(args);
  if (!admission.ok) return answerOf(admission.failure);
  const { run } = admission;
  const starting = startingRun(request, run);
  const origin = deps.publicOrigin ?? request.origin;
  if (runsInRequest(request, run)) {
    const startedAt = Date.now();
    const end = await runInRequest({ deps, run, starting });
    const { blockingTask } = request;
    if (blockingTask === undefined) return end.answer;
    const kept = await keepEnded({
      run: starting,
      end,
      startedAt,
      runApi: deps.run(run.transactionId),
      timeoutMs: deps.timeoutMs,
      origin,
      afterAnswer: (work) => blockingTask.add(work),
    });
    return { ...end.answer, kept };
  }
  return startRun({
    run: starting,
    runApi: deps.run(run.transactionId),
    timeoutMs: deps.timeoutMs,
    origin,
    respondAsync: request.respondAsync === true,
  });
}

function startingRun(request: ExecuteRequest, run: AdmittedRun): StartingRun {
  return {
    transactionId: run.transactionId,
    processId: request.processId,
    taskId: run.taskId,
    body: request.body,
    ownerAddress: run.context.owner,
    serviceUrl: run.context.serviceUrl,
    idempotency: run.idempotency,
    ...(run.x402Response === undefined ? {} : { x402Response: run.x402Response }),
  };
}

/**
 * A free blocking run without an Idempotency-Key runs in its request, as SPEC's execute always
 * did (docs/gateway.md, "Which runs have a run object"): it has no payment to settle and no
 * stored answer, and a run object would cost a quarter of the free throughput (docs/
 * benchmarks.md, "Runs as durable tasks"). A blocking execute's run can be read by nobody later
 * (no token is issued, its userAddress is unproven); an A2A blocking task's is kept once ended
 * (keep-ended.ts), since its answer carries a token.
 */
function runsInRequest(request: ExecuteRequest, run: AdmittedRun): boolean {
  const blocking = request.respondAsync !== true || request.blockingTask !== undefined;
  return blocking && run.taskId === null && run.idempotency === null;
}

async function runInRequest(args: {
  deps: ExecuteDeps;
  run: AdmittedRun;
  starting: StartingRun;
}): Promise<RunEnd> {
  const { deps, run, starting } = args;
  let outcome: RunOutcome;
  try {
    outcome = await deps.forward(run.target, agentRequestOf(starting), run.context.owner);
  } catch (error) {
    // forwardToAgent throws only for the gateway's own failures.
    outcome = { kind: "gateway_fault", detail: error instanceof Error ? error.message : "" };
  }
  if (outcome.kind === "unexpected" || outcome.kind === "gateway_fault") {
    console.error("gateway: no usable answer", outcome.kind, starting.processId, outcome.detail);
  }
  return runEndOf({ outcome, transactionId: run.transactionId, processId: starting.processId });
}
