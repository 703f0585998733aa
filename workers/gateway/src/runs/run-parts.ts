import type { AgentCall } from "./agent-call.js";
import type { OneAtATime } from "./one-at-a-time.js";
import type { RunStore } from "./run-store.js";

/** What a run object's steps and its end work with (run-step.ts, run-end.ts). */
export type RunParts = {
  env: GatewayEnv;
  storage: DurableObjectStorage;
  runs: RunStore;
  call: AgentCall;
  /** The end and a re-fired alarm must not queue the outcome twice. */
  settling: OneAtATime;
};
