import { type RunOutcome, runEndOf } from "./run-answer.js";
import { settleRun } from "./run-effects.js";
import { RUN_SETTLE_RETRY_MS } from "./run-limits.js";
import type { RunParts } from "./run-parts.js";
import { finalRecord } from "./run-record.js";
import { isFinal } from "./run-store.js";
import type { RunSpec } from "./run-types.js";

/**
 * Ends the run once (docs/gateway.md, "The run object"; a cancel and the agent's answer may race:
 * the first wins): the final record, SPEC's answer, the closing events; then the claims object
 * and the outcome queue.
 */
export async function endRun(parts: RunParts, outcome: RunOutcome): Promise<void> {
  const { runs, storage } = parts;
  const record = runs.record();
  const spec = runs.spec();
  if (record === null || spec === null || isFinal(record)) return;
  const end = runEndOf({
    outcome,
    transactionId: spec.transactionId,
    processId: spec.processId,
    ...(spec.x402Response === undefined ? {} : { x402Response: spec.x402Response }),
  });
  const now = Date.now();
  const final = finalRecord({ record, end, now });
  runs.end({ before: record, final, answer: end.answer });
  parts.call.abort();
  // Should the effects below be cut by a restart, the alarm does them again a little later: the
  // one already due by then (the call's watch) does; only without one is it set, since each move
  // of an alarm is a write of its own (on workerd, of its alarm scheduler's database).
  const due = await storage.getAlarm();
  if (due === null || due > now + RUN_SETTLE_RETRY_MS) {
    await storage.setAlarm(now + RUN_SETTLE_RETRY_MS);
  }
  await settleEnded(parts, spec);
  await storage.setAlarm(final.expiresAt);
}

/** Tells the claims object and the outcome queue of the end, once at a time (run-effects.ts). */
export function settleEnded(parts: RunParts, spec: RunSpec): Promise<void> {
  return parts.settling.run(async () => {
    const { runs } = parts;
    if (runs.row()?.effects_done !== 0) return;
    const record = runs.record();
    const answer = runs.answer();
    if (record === null || answer === null) return;
    await settleRun({ env: parts.env, spec, record, answer });
    runs.effectsDone();
  });
}
