import { createRoute } from "@hono/zod-openapi";
import {
  type OutcomeReportsResponse,
  outcomeReportsResponseSchema,
  processIdParamSchema,
} from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { outcomeQueueStub } from "../durable/stubs.js";
import { nowIso } from "../http/respond.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { operatorAccount } from "../outcome/operator-account.js";

const reportsRoute = createRoute({
  method: "get",
  path: "/api/reports/{processId}",
  summary: "The process's outcome reports not yet on the ledger",
  request: { params: processIdParamSchema },
  responses: {
    200: jsonAnswer("Reports", outcomeReportsResponseSchema),
    ...errorAnswers(400, 500, 503),
  },
});

/**
 * GET /api/reports/:processId: the process's outcome reports not yet on the ledger, with the
 * ledger's reason for any it refused for good, so a report is never dropped silently
 * (docs/gateway.md, "Outcome reports"). Everything listed is public on the ledger already.
 */
export const reportRoutes = gatewayRouter().openapi(reportsRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const operator = operatorAccount(gatewayConfig(c.env).operatorPrivateKey);
  const reports = await outcomeQueueStub(c.env, processId).list();
  const body: OutcomeReportsResponse = {
    success: true,
    processId,
    operator: operator === null ? null : operator.accountAddress.toStringLong(),
    reports,
    timestamp: nowIso(),
  };
  return c.json(body, 200);
});
