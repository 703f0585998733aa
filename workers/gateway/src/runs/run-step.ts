import { endRun, settleEnded } from "./run-end.js";
import { RUN_LAST_ASK_MS, RUN_REASK_MS, RUN_WATCH_MS } from "./run-limits.js";
import type { RunParts } from "./run-parts.js";
import { isFinal } from "./run-store.js";
import type { RunRecord, RunSpec } from "./run-types.js";

/**
 * One step of the run (docs/gateway.md, "The run object"), from its start or its alarm: runs the
 * agent; after a restart mid-call asks the agent again for the same transactionId (it replays a
 * finished run's answer) until the time limit and once past it, then ends it failed; finishes an
 * end a restart cut; deletes the run RUN_KEEP_MS after it ended.
 */
export async function stepRun(parts: RunParts): Promise<void> {
  const { runs, storage } = parts;
  const row = runs.row();
  if (row === null) return;
  const record = JSON.parse(row.record) as RunRecord;
  const spec = JSON.parse(row.spec) as RunSpec;
  if (isFinal(record)) {
    if (row.effects_done === 0) await settleEnded(parts, spec);
    if (Date.now() >= record.expiresAt) return forget(parts);
    return storage.setAlarm(record.expiresAt);
  }
  const now = Date.now();
  if (row.asked_at === null || row.deadline_at === null) return ask(parts, spec, now);
  if (now >= row.deadline_at) {
    // One last ask: an agent that finished the run replays its answer; without one, it failed.
    const last = await parts.call.run(spec, RUN_LAST_ASK_MS);
    if (last.kind === "completed" || last.kind === "failed") return endRun(parts, last);
    return endRun(parts, {
      kind: "failed",
      error: `Agent did not answer within ${spec.timeoutMs} ms`,
    });
  }
  const outcome = await parts.call.run(spec, row.deadline_at - now);
  if (outcome.kind === "unexpected") {
    // No answer about the run: the agent's 409 (it still runs it, or the run died there), or
    // not reachable now. Ask again, until the time limit.
    await storage.setAlarm(Math.min(Date.now() + RUN_REASK_MS, row.deadline_at));
    return;
  }
  await endRun(parts, outcome);
}

/** A live call: the alarm comes back within RUN_WATCH_MS, should this object restart. */
export async function watchCall(parts: RunParts): Promise<void> {
  const deadlineAt = parts.runs.row()?.deadline_at ?? null;
  if (deadlineAt === null) return;
  await parts.storage.setAlarm(Math.min(Date.now() + RUN_WATCH_MS, deadlineAt));
}

/** The first call of the agent: the run is working from the moment the request is sent. */
async function ask(parts: RunParts, spec: RunSpec, now: number): Promise<void> {
  const { runs, storage } = parts;
  const deadlineAt = now + spec.timeoutMs;
  runs.markAsked({ askedAt: now, deadlineAt });
  // Should this object restart mid-call, the alarm asks the agent again within RUN_WATCH_MS.
  await storage.setAlarm(Math.min(now + RUN_WATCH_MS, deadlineAt));
  runs.setStatus("working");
  await endRun(parts, await parts.call.run(spec, spec.timeoutMs));
}

async function forget(parts: RunParts): Promise<void> {
  await parts.storage.deleteAlarm();
  await parts.storage.deleteAll();
  parts.runs.emptied();
}
