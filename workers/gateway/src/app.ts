import { bodyLimit } from "hono/body-limit";
import { appError } from "#shared/errors/app-error";
import { deploymentProblem, deploymentRefusal } from "./http/deployment-check.js";
import { onGatewayError } from "./http/error-handler.js";
import { errorAnswer, send } from "./http/respond.js";
import { gatewayDocument } from "./openapi/openapi-document.js";
import { gatewayRouter } from "./openapi/route-parts.js";
import { a2aRoutes } from "./routes/a2a.js";
import { a2aRestRoutes } from "./routes/a2a-rest.js";
import { consoleRoutes } from "./routes/console.js";
import { docsRoutes } from "./routes/docs.js";
import { executeRoutes } from "./routes/execute.js";
import { healthRoutes } from "./routes/health.js";
import { logsRoutes } from "./routes/logs.js";
import { mcpRoutes } from "./routes/mcp.js";
import { paymentRoutes } from "./routes/payment.js";
import { processRoutes } from "./routes/processes.js";
import { reportRoutes } from "./routes/reports.js";
import { runRoutes } from "./routes/runs.js";
import { schemaRoutes } from "./routes/schema.js";
import { statsRoutes } from "./routes/stats.js";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The gateway's endpoints (README.md, "HTTP APIs"), the OpenAPI document, its reference page and
 * the console (docs/console.md).
 */
export function createGatewayApp() {
  const app = gatewayRouter();
  // A deployment set up for a real network with devnode settings serves nothing (README.md,
  // "Deploying safely"); /health says why.
  app.use("*", async (c, next) => {
    const refusal = deploymentRefusal(deploymentProblem(c.env), c.req.path);
    if (refusal !== null) return send(c, refusal);
    await next();
  });
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        send(c, errorAnswer(appError("payload_too_large", "Request body is over 1 MiB"))),
    }),
  );
  app.route("/", healthRoutes);
  app.route("/", executeRoutes);
  app.route("/", paymentRoutes);
  app.route("/", processRoutes);
  app.route("/", schemaRoutes);
  app.route("/", logsRoutes);
  app.route("/", reportRoutes);
  app.route("/", statsRoutes);
  app.route("/", runRoutes);
  app.route("/", mcpRoutes);
  app.route("/", a2aRoutes);
  app.route("/", a2aRestRoutes);
  app.route(
    "/",
    docsRoutes(() => gatewayDocument(app)),
  );
  app.route("/", consoleRoutes);
  app.notFound((c) =>
    send(c, errorAnswer(appError("route_not_found", `No route for ${c.req.method} ${c.req.path}`))),
  );
  app.onError(onGatewayError);
  return app;
}
