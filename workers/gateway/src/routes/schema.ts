import { createRoute } from "@hono/zod-openapi";
import { appError } from "#shared/errors/app-error";
import { processIdParamSchema, processSchemaResponseSchema } from "#shared/schemas/gateway";
import { errorJson } from "../http/declared-answer.js";
import { errorAnswer, nowIso } from "../http/respond.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { SCHEMA_CACHE_MS } from "../schema/agent-schema.js";
import { loadProcessSchema } from "../schema/process-schema.js";

const SCHEMA_ERRORS = [400, 404, 500, 502, 503, 504] as const;

const schemaRoute = createRoute({
  method: "get",
  path: "/api/process/{processId}/schema",
  summary: "A process's input and output schemas, as its agent publishes them",
  description: `Read from the agent's /info (signed like every agent request) and reused for ${SCHEMA_CACHE_MS / 1000} s. 404 \`process_not_found\` for an unknown process, 404 \`not_found\` when its agent publishes no schema; 502 \`agent_unavailable\` when the agent cannot be asked.`,
  request: { params: processIdParamSchema },
  responses: {
    200: jsonAnswer("The schemas", processSchemaResponseSchema),
    ...errorAnswers(...SCHEMA_ERRORS),
  },
});

export const schemaRoutes = gatewayRouter().openapi(schemaRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const loaded = await loadProcessSchema({ env: c.env, processId });
  if (!loaded.ok) return errorJson(c, errorAnswer(loaded.error, { processId }), SCHEMA_ERRORS);
  if (loaded.value === null) {
    const error = appError("not_found", "This process's agent publishes no input schema");
    return errorJson(c, errorAnswer(error, { processId }), SCHEMA_ERRORS);
  }
  return c.json({ success: true as const, processId, ...loaded.value, timestamp: nowIso() }, 200);
});
