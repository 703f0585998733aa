import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { runStepOf } from "./agent-events.js";
import type { RunOutcome } from "./run-answer.js";
import { callAgent } from "./run-call.js";
import { isFinal, type RunStore } from "./run-store.js";
import type { RunSpec } from "./run-types.js";

/**
 * The run object's live call of the agent (docs/gateway.md, "The run object"): its abort and
 * whether the agent said `started`, both in memory only (a restart loses the call with them); the
 * agent's stream becomes the run's events as it comes.
 */
export class AgentCall {
  private call: AbortController | null = null;
  /** The agent said `started` during this call: a later `queued` is not news. */
  private started = false;

  constructor(private readonly args: { env: GatewayEnv; runs: RunStore }) {}

  get live(): boolean {
    return this.call !== null;
  }

  abort(): void {
    this.call?.abort();
  }

  async run(spec: RunSpec, timeoutMs: number): Promise<RunOutcome> {
    const call = new AbortController();
    this.call = call;
    this.started = false;
    try {
      return await callAgent({
        env: this.args.env,
        spec,
        timeoutMs,
        signal: call.signal,
        onEvent: (event) => this.onEvent(event),
      });
    } finally {
      if (this.call === call) this.call = null;
    }
  }

  /** The agent's stream, as run events (agent-events.ts): advisory, it never ends the run. */
  private onEvent(event: AgentStreamEvent): void {
    const { runs } = this.args;
    const record = runs.record();
    if (record === null || isFinal(record)) return;
    const step = runStepOf({ event, record, started: this.started });
    this.started = step.started;
    if (step.status !== undefined) runs.setStatus(step.status);
    if (step.progress !== undefined) runs.save({ ...record, progress: step.progress });
    if (step.event !== undefined) runs.emit(step.event);
  }
}
