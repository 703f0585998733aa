import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { errorResponseSchema } from "#shared/schemas/error-response";
import {
  executeBodySchema,
  executeFailureResponseSchema,
  executeSuccessResponseSchema,
  processIdParamSchema,
} from "#shared/schemas/gateway";
import { runAcceptedResponseSchema } from "#shared/schemas/runs";
import { conforms, errorJson, undeclaredAnswer } from "../http/declared-answer.js";
import { paymentOf, speaksX402 } from "../http/payment-header.js";
import { prefersRespondAsync } from "../http/prefer.js";
import { idempotencyKeyOf, rawBody } from "../http/raw-body.js";
import { answerHeaders, errorAnswer, type GatewayAnswer } from "../http/respond.js";
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
import { runDepsFor } from "../runs/run-deps.js";
import { runExecute } from "../runs/run-execute.js";

/** SPEC's 400: a failed run, or any other 400 (invalid request, Payment required, ...). */
const executeBadRequestSchema = z.union([executeFailureResponseSchema, errorResponseSchema]);

/** The statuses answered with the error body alone (the 400 and 402 have their own). */
const EXECUTE_ERRORS = [401, 403, 404, 409, 413, 415, 500, 503, 504] as const;

/** `Prefer: respond-async` (RFC 7240): answer 202 at once; the run goes on (docs/gateway.md, "Runs"). */
const preferHeaderSchema = z.object({
  prefer: z.string().optional().meta({
    description:
      "RFC 7240. `respond-async` (in any position of the list): 202 RunAccepted once the run is admitted (a paid one's payment claimed); read, watch or cancel it at its links with its access token. Without it the request waits for the run's end (SPEC).",
  }),
});

/** 202: the run's links and access token, with where to read it and the x402 receipt. */
const runAcceptedAnswer = {
  ...jsonAnswer(
    "Prefer: respond-async: the run is admitted and goes on without this request (RunAccepted)",
    runAcceptedResponseSchema,
  ),
  headers: z.object({
    "Preference-Applied": z.literal("respond-async"),
    Location: z.string().meta({ description: "The run's URL (links.run)" }),
    ...withPaymentHeaders({}).headers.shape,
  }),
};

const executeRoute = createRoute({
  method: "post",
  path: "/api/execute/{processId}",
  summary: "Execute a process",
  description:
    "Runs the process's agent once. A process that requires prepayment needs a usable payment of the caller (one payment pays for one attempt) and a caller proof, and runs only when this gateway's operator is among the process's agents (else 403 paid_runs_unavailable). Or pay and run in one request: the x402 `PAYMENT-SIGNATURE` header carrying the payer's signed make_payment, which the gateway commits and runs on (no caller proof; docs/x402.md). Without a usable payment: 402 with `PAYMENT-REQUIRED` when the request speaks x402 (`Accept: application/x402+json` or a payment), else SPEC's 400 Payment required, which carries `PAYMENT-REQUIRED` too.",
  // The body's exact bytes are read first: the caller proof and idempotency hash them as sent.
  middleware: [rawBody] as const,
  request: {
    params: processIdParamSchema,
    headers: callerHeadersSchema
      .extend(paymentSignatureHeaderSchema.shape)
      .extend(preferHeaderSchema.shape),
    body: jsonBody(executeBodySchema),
  },
  responses: {
    200: withPaymentHeaders(jsonAnswer("The agent completed", executeSuccessResponseSchema)),
    202: runAcceptedAnswer,
    400: withPaymentHeaders(
      jsonAnswer(
        "The run failed or the agent or its data stopped it (ExecuteFailure: data the agent's schema refuses, an agent that cannot be reached or refuses the gateway), invalid request, inactive process or Payment required",
        executeBadRequestSchema,
      ),
    ),
    402: paymentRequiredAnswer,
    // No 502: whatever the agent does is SPEC's failed run (400); 5xx are the gateway's own.
    ...errorAnswers(401, 403, 404, 413, 415, 504),
    // The run claim on the ledger refused (409) or not confirmed (503) after the request's x402
    // payment committed: that payment's PAYMENT-RESPONSE comes along (docs/gateway.md, step 10).
    409: withPaymentHeaders(errorAnswers(409)[409]),
    503: withPaymentHeaders(errorAnswers(503)[503]),
    // The gateway failed during a paid run: the payment committed all the same.
    500: withPaymentHeaders(errorAnswers(500)[500]),
  },
});

export const executeRoutes = gatewayRouter().openapi(executeRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const body = c.req.valid("json");
  const idempotencyKey = idempotencyKeyOf(c.req.raw.headers);
  const built = runDepsFor({ env: c.env, processId, userAddress: body.userAddress });
  if (!built.ok) return executeJson(c, built.answer);
  const payment = paymentOf(c.req.raw.headers);
  if (!payment.ok) return executeJson(c, errorAnswer(payment.error, { processId }));
  const url = new URL(c.req.url);
  const answer = await runExecute({
    request: {
      processId,
      body,
      rawBody: c.get("rawBody"),
      headers: c.req.raw.headers,
      path: `${url.pathname}${url.search}`,
      idempotencyKey,
      payment: payment.payment,
      speaksX402: speaksX402(c.req.raw.headers),
      resourceUrl: url.toString(),
      origin: url.origin,
      respondAsync: prefersRespondAsync(c.req.raw.headers),
    },
    deps: built.deps,
  });
  return executeJson(c, answer);
});

/** An execute answer as the route declares it (http/declared-answer.ts). */
function executeJson(c: Context, answer: GatewayAnswer) {
  const body: unknown = answer.body;
  const headers = answerHeaders(answer);
  switch (answer.status) {
    case 200:
      if (!conforms(executeSuccessResponseSchema, body)) break;
      return c.json(body, 200, headers);
    case 400:
      if (!conforms(executeBadRequestSchema, body)) break;
      return c.json(body, 400, headers);
    case 202:
      if (!conforms(runAcceptedResponseSchema, body)) break;
      return c.json(body, 202, headers);
    case 402:
      if (!conforms(paymentRequiredResponseSchema, body)) break;
      return c.json(body, 402, headers);
    default:
      return errorJson(c, answer, EXECUTE_ERRORS);
  }
  return undeclaredAnswer(c, answer);
}
