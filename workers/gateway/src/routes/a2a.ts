import { AgentCard } from "@a2a-js/sdk";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { A2A_VERSION_HEADER, cardAnswerFor } from "#shared/schemas/agent-card-legacy";
import { processIdParamSchema } from "#shared/schemas/gateway";
import { a2aCallOf } from "../a2a/a2a-call.js";
import { a2aOriginOf } from "../a2a/a2a-origin.js";
import { a2aListing, a2aListingSchema } from "../a2a/card-listing.js";
import { loadProcessCard } from "../a2a/load-card.js";
import { serveJsonRpc } from "../a2a/serve-json-rpc.js";
import { errorJson } from "../http/declared-answer.js";
import { answerOf } from "../http/failure.js";
import { jsonBodyOnly } from "../http/media-type.js";
import { rawBody } from "../http/raw-body.js";
import { errorAnswer } from "../http/respond.js";
import { paramValidator } from "../http/validate.js";
import { indexFailure } from "../list/index-result.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { LIST_CAP, LIST_ERRORS } from "./processes.js";

const CARD_ERRORS = [400, 404, 500, 503] as const;

/** A card as JSON (the SDK's AgentCard.toJSON): its shape is A2A's, documented there. */
const cardJsonSchema = z.record(z.string(), z.unknown());

/** Hono's validator reads headers by lower-case name. */
const A2A_VERSION_HEADER_LOWER = "a2a-version";

const cardRoute = createRoute({
  method: "get",
  path: "/a2a/{processId}/.well-known/agent-card.json",
  summary: "A process's A2A agent card",
  description:
    'With `A2A-Version: 1.0`, the A2A 1.0 AgentCard; without the header (or with 0.3), the same card in A2A 0.3\'s shape (`url`, `preferredTransport`, `protocolVersion`) with the 1.0 `supportedInterfaces` kept. The JSON-RPC interface at `/a2a/{processId}` (A2A 1.0 and 0.3), HTTP+JSON (1.0), `streaming: true`, the agentgate extension (schemas, price) and, for a paid process, the a2a-x402 extension, required (docs/gateway.md, "A2A").',
  request: {
    params: processIdParamSchema,
    headers: z.object({ [A2A_VERSION_HEADER_LOWER]: z.string().optional() }),
  },
  responses: {
    200: jsonAnswer("The card", cardJsonSchema),
    ...errorAnswers(...CARD_ERRORS),
  },
});

const jsonRpcRoute = createRoute({
  method: "post",
  path: "/a2a/{processId}",
  summary: "A process's A2A server (JSON-RPC binding)",
  description:
    "A2A JSON-RPC 2.0: SendMessage, SendStreamingMessage (Server-Sent Events), GetTask, ListTasks, CancelTask, SubscribeToTask; `A2A-Version: 1.0`, or 0.3 methods (message/send, tasks/get, ...) without it. A task is a run (docs/gateway.md, \"A2A\"): read it with the access token in the first answer's `metadata[\"agentgate/accessToken\"]` as `Authorization: Bearer` or with the payer's caller proof. A message to a paid process activates the a2a-x402 extension (`A2A-Extensions`, or `X-A2A-Extensions` over 0.3), echoed in the answer's header, or is refused with ExtensionSupportRequired (-32008) unless it carries the caller proof of a payer who already paid. Errors are JSON-RPC errors with A2A's codes, answered 200.",
  request: {
    params: processIdParamSchema,
    body: {
      required: true,
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  },
  responses: {
    200: {
      description: "A JSON-RPC response, or for a streaming method its events",
      content: {
        "application/json": { schema: z.record(z.string(), z.unknown()) },
        "text/event-stream": { schema: z.string() },
      },
    },
    ...errorAnswers(400, 404, 413, 415, 500, 503),
  },
});

const listingRoute = createRoute({
  method: "get",
  path: "/a2a",
  summary: "Every active process's A2A card",
  description: `One page of at most ${LIST_CAP} active processes, each with its card URL; \`nextCursor\` when more follow.`,
  request: { query: z.object({ cursor: z.string().min(1).max(256).optional() }) },
  responses: {
    200: jsonAnswer("The A2A agents", a2aListingSchema),
    ...errorAnswers(...LIST_ERRORS),
  },
});

const documented = gatewayRouter()
  .openapi(cardRoute, async (c) => {
    const { processId } = c.req.valid("param");
    const card = await loadProcessCard({
      env: c.env,
      processId,
      origin: a2aOriginOf(c.env, c.req.url),
    });
    if (!card.ok) return errorJson(c, errorAnswer(card.error, { processId }), CARD_ERRORS);
    const answer = cardAnswerFor({
      card: card.value,
      v1: AgentCard.toJSON(card.value),
      requestedVersion: c.req.valid("header")[A2A_VERSION_HEADER_LOWER] ?? null,
    });
    c.header("Vary", A2A_VERSION_HEADER);
    return c.json(cardJsonSchema.parse(answer), 200);
  })
  .openapi(listingRoute, async (c) => {
    const { cursor } = c.req.valid("query");
    const origin = a2aOriginOf(c.env, c.req.url);
    const listing = await a2aListing({ env: c.env, origin, cursor, limit: LIST_CAP });
    if (!listing.ok) return errorJson(c, answerOf(indexFailure(listing)), LIST_ERRORS);
    return c.json(listing.value, 200);
  });
// Documented by its route; the body goes to the SDK's JSON-RPC handler as sent, which answers
// malformed requests with JSON-RPC's own errors rather than the gateway's 400.
documented.openAPIRegistry.registerPath(jsonRpcRoute);

/** The A2A server of each process (docs/gateway.md, "A2A"): thin; the work is in src/a2a. */
export const a2aRoutes = documented.post(
  "/a2a/:processId",
  paramValidator(processIdParamSchema),
  jsonBodyOnly,
  rawBody,
  async (c) => {
    const { processId } = c.req.valid("param");
    const bytes = c.get("rawBody");
    const call = a2aCallOf({
      env: c.env,
      request: c.req.raw,
      processId,
      rawBody: bytes,
      executionCtx: c.executionCtx,
    });
    const card = await loadProcessCard({ env: c.env, processId, origin: call.origin });
    if (!card.ok) return errorJson(c, errorAnswer(card.error, { processId }), [404, 503, 500]);
    const answer = await serveJsonRpc({
      call,
      card: card.value,
      body: new TextDecoder().decode(bytes),
    });
    return await call.afterAnswer.send(answer);
  },
);
