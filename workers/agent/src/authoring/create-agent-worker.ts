import { env as startupEnv } from "cloudflare:workers";
import type { z } from "zod";
import type { AgentWorkerEnv } from "../agent-env.js";
import { type AgentConfig, parseAgentConfig } from "../config/agent-config.js";
import { createAgentApp } from "../http/create-agent-app.js";
import { agentJsonSchemas } from "./agent-json-schemas.js";
import type { AgentDefinition } from "./define-agent.js";

/**
 * The Worker's default export for one agent. The agent's wrangler config must bind AGENT_DO to
 * AgentDurableObject, which the Worker's entry file re-exports.
 *
 * The configuration is checked and the schemas turned into JSON Schema when the Worker starts, so
 * `wrangler dev` and a deploy fail with a message naming each bad var; per request the
 * configuration is parsed once per env object.
 */
export function createAgentWorker<Schema extends z.ZodType>(
  agent: AgentDefinition<Schema>,
): ExportedHandler<AgentWorkerEnv> {
  const parsed = new WeakMap<object, AgentConfig>();
  const configFor = (env: AgentWorkerEnv): AgentConfig => {
    const cached = parsed.get(env);
    if (cached !== undefined) return cached;
    const config = parseAgentConfig({ env, defaults: agent });
    parsed.set(env, config);
    return config;
  };

  parseAgentConfig({ env: startupEnv, defaults: agent });
  const schemas = agentJsonSchemas(agent);

  const app = createAgentApp({ agent, schemas, configFor });
  return { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
}
