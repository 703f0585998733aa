import { z } from "zod";
import type { JsonObject } from "#shared/schemas/common";
import type { AgentDefinition } from "./define-agent.js";

/** What /info and the agent card publish of an agent's zod schemas (docs/agent.md). */
export type AgentJsonSchemas = { inputSchema: JsonObject; outputSchema?: JsonObject };

/**
 * JSON Schema (draft 2020-12) of one zod schema. `io` picks the side: the input schema describes
 * what a caller may SEND (fields with a default are optional, extra keys allowed as zod strips
 * them), the output schema what the handler returns. Refinements (`.refine`, `.superRefine`)
 * have no JSON Schema form and are left out, and a type JSON Schema cannot express becomes `{}`
 * (any) rather than failing: the published schema is never stricter than the zod check, which the
 * agent still runs on every request.
 */
function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonObject {
  return z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonObject;
}

/** Computed once when the Worker starts (createAgentWorker), like the configuration check. */
export function agentJsonSchemas(
  agent: Pick<AgentDefinition, "input" | "output">,
): AgentJsonSchemas {
  const schemas: AgentJsonSchemas = { inputSchema: toJsonSchema(agent.input, "input") };
  if (agent.output !== undefined) schemas.outputSchema = toJsonSchema(agent.output, "output");
  return schemas;
}
