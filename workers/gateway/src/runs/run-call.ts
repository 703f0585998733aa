import type { AgentStreamEvent } from "#shared/schemas/agent-events";
import { executeDepsFor } from "../execute/execute-deps.js";
import type { RunOutcome } from "./run-answer.js";
import type { RunSpec } from "./run-types.js";

/**
 * The run object's call of the agent: the same target resolution, signature and bounded read as
 * an execute's (execute-deps.ts), with the run's events, cancel and time left. Never throws: the
 * gateway's own failure is `gateway_fault` (docs/gateway.md, "Execute").
 */
export async function callAgent(args: {
  env: GatewayEnv;
  spec: RunSpec;
  timeoutMs: number;
  signal: AbortSignal;
  onEvent: (event: AgentStreamEvent) => void;
}): Promise<RunOutcome> {
  const { env, spec } = args;
  try {
    const built = executeDepsFor({ env, processId: spec.processId, userAddress: spec.payer });
    if (!built.ok) return { kind: "gateway_fault", detail: "no OPERATOR_PRIVATE_KEY" };
    const resolved = built.deps.resolveTarget(spec.serviceUrl);
    if (!resolved.ok) return { kind: "unexpected", detail: resolved.message };
    return await built.deps.forward(resolved.target, spec.agentRequest, spec.ownerAddress, {
      onEvent: args.onEvent,
      signal: args.signal,
      timeoutMs: args.timeoutMs,
    });
  } catch (error) {
    return {
      kind: "gateway_fault",
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}
