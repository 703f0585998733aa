import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { appError } from "#shared/errors/app-error";
import { type RunAcceptedResponse, runAcceptedResponseSchema } from "#shared/schemas/runs";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";
import type { CancelableRun } from "../runs/run-cancel.js";
import { type RunObjectRpc, runStub } from "../runs/run-stub.js";
import type { RunEventsSource } from "../runs/watch-run.js";
import type { ProgressParams } from "./progress-pump.js";
import { runProgressEvents } from "./run-progress-events.js";
import { runToolResultOf, stillRunningResult, toolResultOf } from "./tool-result.js";
import { type ToolRun, waitForToolRun } from "./tool-run-wait.js";

/**
 * The tool result of an execute answer (docs/mcp.md, "Long runs"): a started run (202
 * RunAccepted) is waited for, with progress when the client asked for it; anything else (a
 * refusal, a payment asked for) is answered as it always was.
 */
export async function toolResultOfStart(args: {
  env: GatewayEnv;
  answer: GatewayAnswer;
  processId: string;
  progress: ((params: ProgressParams) => Promise<void>) | null;
}): Promise<CallToolResult> {
  const { env, answer, processId } = args;
  const accepted = acceptedRunOf(answer);
  if (accepted === null) return toolResultOf(answer, processId);
  const run = toolRunOf(env, accepted);
  const waited = await waitForToolRun({ run, progress: args.progress });
  if (waited.kind === "ended") {
    return runToolResultOf({ answer: waited.answer, processId, run: run.handle });
  }
  const now = await runObject(env, accepted.transactionId).read();
  return stillRunningResult({
    run: { ...accepted, status: now?.status ?? accepted.status },
    response: answer.x402?.response,
  });
}

/** The run an execute answer started (202 RunAccepted), or null for any other answer. */
export function acceptedRunOf(answer: GatewayAnswer): RunAcceptedResponse | null {
  if (answer.status !== 202) return null;
  const parsed = runAcceptedResponseSchema.safeParse(answer.body);
  if (!parsed.success) throw new Error("a 202 execute answer that is not a RunAccepted");
  return parsed.data;
}

/**
 * The run a tool call started, read from its run object (docs/gateway.md, "The run object"):
 * its progress from the object's event stream, its answer once final, the same SPEC answer the
 * blocking execute gives.
 */
function toolRunOf(env: GatewayEnv, accepted: RunAcceptedResponse): ToolRun {
  const stub = runObject(env, accepted.transactionId);
  const { transactionId, accessToken, links } = accepted;
  return {
    handle: { transactionId, accessToken, links },
    async *progress(signal) {
      // Every event from the first (no Last-Event-ID): the object reads no more of the request.
      const response = await stub.fetch(new Request("https://run-object/events"));
      if (!response.ok || response.body === null) return;
      yield* runProgressEvents({ body: response.body, signal });
    },
    answer: () => awaitRunAnswer(stub),
  };
}

/**
 * SPEC's answer to a run once it is final (what POST /api/execute answers); the gateway's own
 * failure should the object have none, which a run it started always has.
 */
export async function awaitRunAnswer(
  run: Pick<RunObjectRpc, "awaitAnswer">,
): Promise<GatewayAnswer> {
  return (await run.awaitAnswer()) ?? errorAnswer(appError("internal_error"));
}

/** What a tool call asks of its run object (RunObject, binding RUNS). */
type ToolRunObject = Pick<RunObjectRpc, "awaitAnswer"> &
  Pick<CancelableRun, "read"> &
  RunEventsSource;

function runObject(env: GatewayEnv, transactionId: string): ToolRunObject {
  return runStub(env, transactionId);
}
