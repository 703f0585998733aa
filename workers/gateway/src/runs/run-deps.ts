import { executeDepsFor } from "../deps/execute-deps.js";
import type { GatewayAnswer } from "../http/respond.js";
import type { RunDeps } from "./run-execute.js";
import { runStub } from "./run-stub.js";

/**
 * An execute's deps (deps/execute-deps.ts) and the run object each admitted run is handed to:
 * what both transports (the HTTP route, the MCP server) run an execute with.
 */
export function runDepsFor(args: {
  env: GatewayEnv;
  processId: string;
  userAddress: string;
}): { ok: true; deps: RunDeps } | { ok: false; answer: GatewayAnswer } {
  const built = executeDepsFor(args);
  if (!built.ok) return built;
  const run = (transactionId: string) => runStub(args.env, transactionId);
  return { ok: true, deps: { ...built.deps, run } };
}
