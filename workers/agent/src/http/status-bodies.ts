import type { AgentJsonSchemas } from "../authoring/agent-json-schemas.js";
import type { AgentConfig } from "../config/agent-config.js";
import { readMemoryUsage } from "../runtime/memory-usage.js";
import { uptimeSeconds } from "../runtime/uptime.js";

/** What /health and /info read of a request: the agent's config and when its version started. */
export type StatusInput = { config: AgentConfig; startedAt: number; now: number };

/** GET /health's body (docs/agent.md, "Answers"). */
export function healthBody({ config, startedAt, now }: StatusInput) {
  const { gateway } = config;
  return {
    success: true as const,
    status: gateway.problem === null ? "ok" : "not_configured",
    // Beyond the common health fields (docs/agent.md, "Answers"): how this agent knows its
    // caller, and why it serves nothing if so.
    gatewayAuth: {
      mode:
        gateway.keys.length > 0
          ? "signed"
          : gateway.problem === null
            ? "unsigned_loopback"
            : "not_configured",
      keys: gateway.keys.length,
      ...(gateway.problem === null ? {} : { problem: gateway.problem }),
    },
    process: config.process,
    uptime: uptimeSeconds(startedAt, now),
    memory: readMemoryUsage(),
    timestamp: new Date(now).toISOString(),
  };
}

/** GET /info's body, with the agent's JSON Schemas (docs/agent.md, "Input and output schemas"). */
export function infoBody(args: StatusInput & { schemas: AgentJsonSchemas }) {
  const { config, startedAt, now, schemas } = args;
  return {
    success: true as const,
    process: config.process,
    workflows: config.workflows,
    uptime: uptimeSeconds(startedAt, now),
    timestamp: new Date(now).toISOString(),
    ...schemas,
  };
}
