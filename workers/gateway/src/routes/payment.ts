import { createRoute } from "@hono/zod-openapi";
import {
  paymentBodySchema,
  paymentResponseSchema,
  verifyParamsSchema,
  verifyResponseSchema,
} from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { claimsStub } from "../durable/stubs.js";
import { usablePaymentTaskIds } from "../execute/usable-payments.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { nowIso, sendDeclared } from "../http/respond.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import {
  callerHeadersSchema,
  errorAnswers,
  gatewayRouter,
  jsonAnswer,
  jsonBody,
} from "../openapi/route-parts.js";
import { runPayment } from "../payment/run-payment.js";

const paymentRoute = createRoute({
  method: "post",
  path: "/api/payment",
  summary: "Pay into escrow with a transaction the payer signed",
  description:
    "Without `signedTransaction` the answer is 400 with `unsignedTransaction` (hex BCS of a make_payment RawTransaction) and `taskId`: sign it and post again with `signedTransaction` (hex BCS SignedTransaction). The gateway never holds a payer's key.",
  // The body's exact bytes are read first: the caller proof and idempotency hash them as sent.
  middleware: [rawBody] as const,
  request: { headers: callerHeadersSchema, body: jsonBody(paymentBodySchema) },
  responses: {
    200: jsonAnswer("Committed: the payment is in escrow", paymentResponseSchema),
    ...errorAnswers(400, 401, 404, 409, 413, 415, 500, 503, 504),
  },
});

const verifyRoute = createRoute({
  method: "get",
  path: "/api/payment/verify/{processId}/{userAddress}",
  summary: "Whether the user has a payment this gateway can still use",
  request: { params: verifyParamsSchema },
  responses: {
    200: jsonAnswer("Verification", verifyResponseSchema),
    ...errorAnswers(400, 404, 500, 503, 504),
  },
});

export const paymentRoutes = gatewayRouter()
  .openapi(paymentRoute, async (c) => {
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
    return sendDeclared(c, answer);
  })
  .openapi(verifyRoute, async (c) => {
    const { processId, userAddress } = c.req.valid("param");
    // Never cached: a yes must reflect the ledger and the claims as they are now.
    const context = await gatewayLedger(c.env).gatewayContext({ processId, payer: userAddress });
    const usable = context.processExists ? usablePaymentTaskIds({ context }) : [];
    const unclaimed =
      usable.length === 0 ? [] : await claimsStub(c.env, processId, userAddress).unclaimed(usable);
    return c.json(
      {
        success: true as const,
        verified: unclaimed.length > 0,
        processId,
        userAddress,
        timestamp: nowIso(),
      },
      200,
    );
  });
