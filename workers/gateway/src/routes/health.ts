import { Hono } from "hono";
import { deploymentProblem } from "../http/deployment-check.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { nowIso } from "../http/respond.js";

/**
 * The 200 health answer (README.md, "HTTP APIs"); a misconfigured deployment says so here, and what
 * to fix.
 */
export const healthRoutes = new Hono<GatewayApp>().get("/health", (c) => {
  const problem = deploymentProblem(c.env);
  if (problem !== null) {
    return c.json({
      success: false as const,
      status: "misconfigured",
      error: `Gateway configuration: ${problem.message}`,
      timestamp: nowIso(),
    });
  }
  return c.json({ success: true as const, status: "ok", timestamp: nowIso() });
});
