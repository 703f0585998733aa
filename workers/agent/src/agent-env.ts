import type { AgentDurableObject } from "./durable/agent-durable-object.js";

/**
 * The bindings every agent's wrangler config must declare (each example's does; worker-
 * configuration.d.ts is generated from the test config). The AGENT_* vars are read from the same
 * object through a zod schema in config/agent-config.ts, so they need no type here.
 */
export type AgentWorkerEnv = {
  AGENT_DO: DurableObjectNamespace<AgentDurableObject>;
  /** `"version_metadata": { "binding": "CF_VERSION_METADATA" }`; without it AGENT_VERSION is used. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
};
