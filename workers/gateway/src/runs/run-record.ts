import type { RunEnd } from "./run-answer.js";
import { RUN_KEEP_MS } from "./run-limits.js";
import type { RunRecord, RunSpec } from "./run-types.js";

/** A run as start() stores it: submitted; kept until its time limit and the keep time pass. */
export function submittedRecord(spec: RunSpec, now: number): RunRecord {
  return {
    transactionId: spec.transactionId,
    processId: spec.processId,
    payer: spec.payer,
    taskId: spec.taskId,
    tokenHash: spec.tokenHash,
    status: "submitted",
    progress: null,
    outcome: null,
    createdAt: now,
    startedAt: null,
    endedAt: null,
    expiresAt: now + spec.timeoutMs + RUN_KEEP_MS,
    links: spec.links,
  };
}

/** A run's record once it ended as `end` says, at `now`: kept RUN_KEEP_MS from then. */
export function finalRecord(args: { record: RunRecord; end: RunEnd; now: number }): RunRecord {
  const { record, end, now } = args;
  return {
    ...record,
    status: end.status,
    ...(end.result === undefined ? {} : { result: end.result }),
    ...(end.error === undefined ? {} : { error: end.error }),
    ...(end.code === undefined ? {} : { code: end.code }),
    outcome:
      record.taskId === null ? null : { delivered: end.status === "completed", reported: true },
    endedAt: now,
    expiresAt: now + RUN_KEEP_MS,
  };
}
