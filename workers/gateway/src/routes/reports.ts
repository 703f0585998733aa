import { Hono } from "hono";
import { type OutcomeReportsResponse, processIdParamSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { outcomeQueueStub } from "../durable/stubs.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { nowIso } from "../http/respond.js";
import { validate } from "../http/validate.js";
import { operatorAccount } from "../outcome/operator-account.js";

/**
 * GET /api/reports/:processId: the process's outcome reports not yet on the ledger, with the
 * ledger's reason for any it refused for good, so a report is never dropped silently
 * (docs/gateway.md, "Outcome reports"). Everything listed is public on the ledger already.
 */
export const reportRoutes = new Hono<GatewayApp>().get(
  "/api/reports/:processId",
  validate("param", processIdParamSchema),
  async (c) => {
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
    return c.json(body);
  },
);
