import type { GatewayAnswer } from "../http/respond.js";
import type { RunObject } from "./run-object.js";
import type { CancelResult, EndedRun, RunRecord, RunSpec, RunWatch } from "./run-types.js";

/**
 * The run object's RPC methods with their records typed: RPC types a RunRecord (its JSON
 * `result` holds `unknown`) as `never`, which would hide every field from callers.
 */
export type RunObjectRpc = {
  start(spec: RunSpec): Promise<RunRecord>;
  startAndAwait(spec: RunSpec): Promise<GatewayAnswer | null>;
  keepEnded(ended: EndedRun): Promise<void>;
  awaitAnswer(): Promise<GatewayAnswer | null>;
  read(): Promise<RunRecord | null>;
  cancel(): Promise<CancelResult>;
  awaitEnd(): Promise<RunRecord>;
  answer(): Promise<GatewayAnswer | null>;
  watch(after: number): Promise<RunWatch | null>;
};

/** A run object's stub: its RPC methods and its `fetch` (the events stream). */
export type RunStub = ReturnType<typeof runStub>;

/** The run object of one transaction id (docs/gateway.md, "The run object"). */
export function runStub(
  env: GatewayEnv,
  transactionId: string,
): RunObjectRpc & DurableObjectStub<RunObject> {
  return env.RUNS.getByName(transactionId);
}
