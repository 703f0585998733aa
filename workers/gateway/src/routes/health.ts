import { createRoute } from "@hono/zod-openapi";
import { healthResponseSchema } from "#shared/schemas/gateway";
import { deploymentProblem } from "../http/deployment-check.js";
import { nowIso } from "../http/respond.js";
import { gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Health check",
  responses: {
    200: jsonAnswer(
      "OK, or `misconfigured` with what to fix (README.md, Deploying safely)",
      healthResponseSchema,
    ),
  },
});

/**
 * The 200 health answer (README.md, "HTTP APIs"); a misconfigured deployment says so here, and what
 * to fix.
 */
export const healthRoutes = gatewayRouter().openapi(healthRoute, (c) => {
  const problem = deploymentProblem(c.env);
  if (problem !== null) {
    return c.json(
      {
        success: false as const,
        status: "misconfigured",
        error: `Gateway configuration: ${problem.message}`,
        timestamp: nowIso(),
      },
      200,
    );
  }
  return c.json({ success: true as const, status: "ok", timestamp: nowIso() }, 200);
});
