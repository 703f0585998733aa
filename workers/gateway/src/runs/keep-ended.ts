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
 * end under an access token, as it keeps any run's. The store is sent as the answer is (a2a/
 * after-answer.ts), so the client waits for the agent and not for the object's storage, and a
 * read that follows the answer reaches the object after the store.
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
  args.afterAnswer(() =>
    args.runApi.keepEnded({ spec, record, answer: end.answer }).catch((error: unknown) => {
      // The client has its answer; only a later read of the task misses it.
      console.error("gateway: kept run not stored", run.transactionId, error);
    }),
  );
  return { record, accessToken: token };
}
