import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import type { RunEvent, RunProgress, RunState } from "#shared/schemas/runs";
import { RUN_MAX_LINE_CHARS } from "./run-limits.js";
import type { RunRecord } from "./run-types.js";

/** What one agent event does to a run: its status, its progress, the event it adds. */
export type RunStep = {
  status?: RunState;
  progress?: RunProgress;
  event?: RunEvent;
  /** Whether the agent said `started` during this call. */
  started: boolean;
};

/**
 * One event of the agent's stream as a step of the run (docs/gateway.md, "The run object"):
 * `queued` before `started` puts the run back to submitted (the agent holds it: a paid run may
 * still be canceled), `started` makes it working; log lines are cut to RUN_MAX_LINE_CHARS;
 * progress never goes back (a lower value is ignored); `answer` is the call's result, not a step.
 */
export function runStepOf(args: {
  event: AgentStreamEvent;
  record: RunRecord;
  started: boolean;
}): RunStep {
  const { event, record, started } = args;
  switch (event.type) {
    case "queued":
      return started ? { started } : { status: "submitted", started };
    case "started":
      return { status: "working", started: true };
    case "log":
      return { event: { type: "log", line: event.line.slice(0, RUN_MAX_LINE_CHARS) }, started };
    case "progress": {
      const { progress } = event;
      if (record.progress !== null && progress.progress < record.progress.progress) {
        return { started };
      }
      return { progress, event: { type: "progress", progress }, started };
    }
    case "partial":
      return { event: { type: "partial", data: event.data }, started };
    case "answer":
      return { started };
  }
}
