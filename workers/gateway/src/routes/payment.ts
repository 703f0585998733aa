import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  paymentBodySchema,
  paymentResponseSchema,
  verifyParamsSchema,
  verifyResponseSchema,
} from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { claimsStub } from "../durable/stubs.js";
import { unclaimedUsableTaskIds } from "../execute/usable-payments.js";
import { conforms, errorJson, undeclaredAnswer } from "../http/declared-answer.js";
import { paymentOf } from "../http/payment-header.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { answerHeaders, errorAnswer, type GatewayAnswer, nowIso } from "../http/respond.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import {
  callerHeadersSchema,
  errorAnswers,
  gatewayRouter,
  jsonAnswer,
  jsonBody,
  paymentRequiredAnswer,
  paymentRequiredResponseSchema,
  paymentSignatureHeaderSchema,
  withPaymentHeaders,
} from "../openapi/route-parts.js";
import { payIntoEscrow } from "../pay/pay-into-escrow.js";
import { escrowScheme } from "../payment/escrow-scheme.js";

/** The statuses answered with the error body alone (the 402 has its own). */
const PAYMENT_ERRORS = [400, 401, 404, 409, 413, 415, 500, 503, 504] as const;

const paymentRoute = createRoute({
  method: "post",
  path: "/api/payment",
  summary: "Pay into escrow with a transaction the payer signed",
  description:
    "SPEC's body plus the payer's signed make_payment, in the x402 `PAYMENT-SIGNATURE` header or as `signedTransaction` (hex BCS SignedTransaction). Without either, after checking the process and the amount, the answer is 402 with `PAYMENT-REQUIRED`: `accepts[0].extra.unsignedTransaction` is the make_payment to sign (docs/x402.md). A payment that committed before this request sent it is 409 payment_already_committed: only this request's own submission pays. The gateway never holds a payer's key.",
  // The body's exact bytes are read first: the caller proof and idempotency hash them as sent.
  middleware: [rawBody] as const,
  request: {
    headers: callerHeadersSchema.extend(paymentSignatureHeaderSchema.shape),
    body: jsonBody(paymentBodySchema),
  },
  responses: {
    200: withPaymentHeaders(
      jsonAnswer("Committed: the payment is in escrow", paymentResponseSchema),
    ),
    402: paymentRequiredAnswer,
    ...errorAnswers(...PAYMENT_ERRORS),
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
    const payment = paymentOf(c.req.raw.headers);
    if (!payment.ok) {
      return paymentJson(c, errorAnswer(payment.error, { processId: body.processId }));
    }
    const url = new URL(c.req.url);
    const config = gatewayConfig(c.env);
    const ledger = gatewayLedger(c.env);
    const { unsignedTransactionTtlSeconds } = config;
    const answer = await payIntoEscrow({
      request: {
        body,
        payment: payment.payment,
        resourceUrl: url.toString(),
        rawBody: c.get("rawBody"),
        headers: c.req.raw.headers,
        path: `${url.pathname}${url.search}`,
        idempotencyKey,
      },
      deps: {
        ledger,
        scheme: escrowScheme({ ledger, unsignedTransactionTtlSeconds }),
        publicOrigin: config.publicOrigin,
        claims: () => claimsStub(c.env, body.processId, body.userAddress),
      },
    });
    return paymentJson(c, answer);
  })
  .openapi(verifyRoute, async (c) => {
    const { processId, userAddress } = c.req.valid("param");
    // Never cached: a yes must reflect the ledger and the claims as they are now.
    const context = await gatewayLedger(c.env).gatewayContext({ processId, payer: userAddress });
    const unclaimed = context.processExists
      ? await unclaimedUsableTaskIds({
          context,
          claims: () => claimsStub(c.env, processId, userAddress),
        })
      : [];
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

/** A payment answer as the route declares it (http/declared-answer.ts). */
function paymentJson(c: Context, answer: GatewayAnswer) {
  const body: unknown = answer.body;
  const headers = answerHeaders(answer);
  switch (answer.status) {
    case 200:
      if (!conforms(paymentResponseSchema, body)) break;
      return c.json(body, 200, headers);
    case 402:
      if (!conforms(paymentRequiredResponseSchema, body)) break;
      return c.json(body, 402, headers);
    default:
      return errorJson(c, answer, PAYMENT_ERRORS);
  }
  return undeclaredAnswer(c, answer);
}
