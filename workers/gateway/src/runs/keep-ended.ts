import type { RunEnd } from "./run-answer.js";
import { finalRecord, submittedRecord } from "./run-record.js";
import { mintRunToken } from "./run-token.js";
import type { RunRecord } from "./run-types.js";
import { type RunApi, runSpecOf, type StartingRun } from "./start-run.js";

/** A run kept after it ended in its request: its final record and its access token, shown once. */
export type KeptRun = { record: RunRecord; accessToken: string };

/**
 * Keeps a run that ran and ended in its request (A2A's blocking SendMessage; docs/gateway.md,
 * "Which runs have a run object"): its task must be readable later, so its run object keeps its
 * end under an access token, as it keeps any run's. The store starts once the answer is written
 * (a2a/after-answer.ts), so the client waits for the agent and not for the object's storage, and
 * a client's round trip ahead of any read that follows the answer. A failed store is tried again
 * once; should that fail too, the task is not kept (docs/gateway.md, "Which runs have a run
 * object": the run is free and its client holds the result).
 */
export async function keepEnded(args: {
  run: StartingRun;
  end: RunEnd;
  /** When the agent was called (Unix ms). */
  startedAt: number;
  runApi: RunApi;
  timeoutMs: number;
  origin: string;
  afterAnswer(work: () => Promise<unknown>): void;
}): Promise<KeptRun> {
  const { run, end, startedAt } = args;
  const { token, tokenHash } = await mintRunToken();
  const spec = runSpecOf({ run, tokenHash, timeoutMs: args.timeoutMs, origin: args.origin });
  const working: RunRecord = { ...submittedRecord(spec, startedAt), status: "working", startedAt };
  const record = finalRecord({ record: working, end, now: Date.now() });
  const store = () => args.runApi.keepEnded({ spec, record, answer: end.answer });
  args.afterAnswer(() =>
    store()
      .catch(store)
      .catch((error: unknown) => {
        console.error("gateway: kept run not stored", run.transactionId, error);
      }),
  );
  return { record, accessToken: token };
}
