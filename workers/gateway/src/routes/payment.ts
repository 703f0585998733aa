import { Hono } from "hono";
import { paymentBodySchema, verifyParamsSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { claimsStub } from "../durable/stubs.js";
import { usablePaymentTaskIds } from "../execute/usable-payments.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { nowIso, send } from "../http/respond.js";
import { validate } from "../http/validate.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { runPayment } from "../payment/run-payment.js";

export const paymentRoutes = new Hono<GatewayApp>()
  .post("/api/payment", rawBody, validate("json", paymentBodySchema), async (c) => {
    const body = c.req.valid("json");
    const idempotencyKey = idempotencyKeyOf(c.req.raw.headers);
    const url = new URL(c.req.url);
    const answer = await runPayment({
      ledger: gatewayLedger(c.env),
      body,
      rawBody: c.get("rawBody"),
      headers: c.req.raw.headers,
      path: `${url.pathname}${url.search}`,
      publicOrigin: gatewayConfig(c.env).publicOrigin,
      idempotencyKey,
      claims: () => claimsStub(c.env, body.processId, body.userAddress),
    });
    return send(c, answer);
  })
  .get(
    "/api/payment/verify/:processId/:userAddress",
    validate("param", verifyParamsSchema),
    async (c) => {
      const { processId, userAddress } = c.req.valid("param");
      // Never cached: a yes must reflect the ledger and the claims as they are now.
      const context = await gatewayLedger(c.env).gatewayContext({ processId, payer: userAddress });
      const usable = context.processExists ? usablePaymentTaskIds({ context }) : [];
      const unclaimed =
        usable.length === 0
          ? []
          : await claimsStub(c.env, processId, userAddress).unclaimed(usable);
      return c.json({
        success: true as const,
        verified: unclaimed.length > 0,
        processId,
        userAddress,
        timestamp: nowIso(),
      });
    },
  );
