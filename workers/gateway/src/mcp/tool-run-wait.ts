import type { RunProgress } from "#shared/schemas/runs";
import type { GatewayAnswer } from "../http/respond.js";
import { type ProgressParams, startProgressPump } from "./progress-pump.js";
import { type RunHandle, runMeta, runStartedMessage } from "./run-notice.js";

/**
 * How long a tool call without a progressToken waits for its run (docs/mcp.md, "Timeouts"):
 * under the 60 s MCP clients give a call by default, so the client gets an answer naming the run
 * rather than a timeout, and reads the result over HTTP once the run ends.
 */
export const MCP_BLOCKING_WAIT_MS = 50_000;

/** A started run as a tool call sees it. */
export type ToolRun = {
  handle: RunHandle;
  /** The agent's progress reports as they come, until `signal` aborts. */
  progress(signal: AbortSignal): AsyncIterable<RunProgress>;
  /** SPEC's answer to the run once it is final (what POST /api/execute answers). */
  answer(): Promise<GatewayAnswer>;
};

export type ToolRunWait = { kind: "ended"; answer: GatewayAnswer } | { kind: "running" };

/**
 * Waits for a tool call's run (docs/mcp.md, "Progress"). With `progress` (the client gave a
 * progressToken and reads a stream) until the end, sending the run's progress meanwhile: the
 * client resets its timeout on each. Without, at most `waitMs`: then the run goes on without the
 * call, whose answer says where to read it.
 */
export async function waitForToolRun(args: {
  run: ToolRun;
  progress: ((params: ProgressParams) => Promise<void>) | null;
  waitMs?: number;
}): Promise<ToolRunWait> {
  const { run, progress } = args;
  if (progress === null) return waitAtMost(run, args.waitMs ?? MCP_BLOCKING_WAIT_MS);
  const started = Date.now();
  const pump = startProgressPump({
    first: { message: runStartedMessage(run.handle), meta: runMeta(run.handle) },
    send: progress,
    heartbeatMessage: () =>
      `run ${run.handle.transactionId} still running after ${Math.round((Date.now() - started) / 1000)} s`,
  });
  const watching = new AbortController();
  // Best effort: a run whose reports cannot be read still gets its heartbeats and its answer.
  void (async () => {
    for await (const reported of run.progress(watching.signal)) pump.report(reported);
  })().catch(() => undefined);
  try {
    return { kind: "ended", answer: await run.answer() };
  } finally {
    watching.abort();
    await pump.stop();
  }
}

async function waitAtMost(run: ToolRun, waitMs: number): Promise<ToolRunWait> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<ToolRunWait>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "running" }), waitMs);
  });
  try {
    return await Promise.race([
      run.answer().then((answer): ToolRunWait => ({ kind: "ended", answer })),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
