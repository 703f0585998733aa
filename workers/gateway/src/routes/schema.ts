import { createRoute } from "@hono/zod-openapi";
import { appError } from "#shared/errors/app-error";
import { processIdParamSchema, processSchemaResponseSchema } from "#shared/schemas/gateway";
import { errorAnswer, nowIso, sendDeclared } from "../http/respond.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { SCHEMA_CACHE_MS } from "../schema/agent-schema.js";
import { loadProcessSchema } from "../schema/process-schema.js";

const schemaRoute = createRoute({
  method: "get",
  path: "/api/process/{processId}/schema",
  summary: "A process's input and output schemas, as its agent publishes them",
  description: `Read from the agent's /info (signed like every agent request) and reused for ${SCHEMA_CACHE_MS / 1000} s. 404 \`process_not_found\` for an unknown process, 404 \`not_found\` when its agent publishes no schema; 502 \`agent_unavailable\` when the agent cannot be asked.`,
  request: { params: processIdParamSchema },
  responses: {
    200: jsonAnswer("The schemas", processSchemaResponseSchema),
    ...errorAnswers(400, 404, 500, 502, 503, 504),
  },
});

export const schemaRoutes = gatewayRouter().openapi(schemaRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const loaded = await loadProcessSchema({ env: c.env, processId });
  if (!loaded.ok) return sendDeclared(c, errorAnswer(loaded.error, { processId }));
  if (loaded.value === null) {
    return sendDeclared(
      c,
      errorAnswer(appError("not_found", "This process's agent publishes no input schema"), {
        processId,
      }),
    );
  }
  return c.json({ success: true as const, processId, ...loaded.value, timestamp: nowIso() }, 200);
});
