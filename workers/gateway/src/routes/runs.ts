import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { type AppError, appError } from "#shared/errors/app-error";
import { runStatusResponseSchema } from "#shared/schemas/runs";
import { UUID_V7 } from "../execute/transaction-id.js";
import { errorJson } from "../http/declared-answer.js";
import { rawBody } from "../http/raw-body.js";
import { errorAnswer } from "../http/respond.js";
import {
  callerHeadersSchema,
  errorAnswers,
  gatewayRouter,
  jsonAnswer,
} from "../openapi/route-parts.js";
import { grantRun, type RunRequest } from "../runs/grant-run.js";
import { cancelRun } from "../runs/run-cancel.js";
import { runStatusBody } from "../runs/run-status.js";
import { runStub } from "../runs/run-stub.js";
import type { RunRecord } from "../runs/run-types.js";
import { runWatcher } from "../runs/watch-run.js";

const runParamsSchema = z.object({
  transactionId: z
    .string()
    .regex(UUID_V7, { message: "a run's transaction id: a lowercase UUIDv7" })
    .meta({ example: "019ac2a0-7d1e-7c3a-9f00-1b2c3d4e5f60" }),
});

const proofHeadersSchema = callerHeadersSchema.omit({ "idempotency-key": true });

const credentials =
  "Send the run's access token (`Authorization: Bearer agr_...`, from the 202 of an execute with `Prefer: respond-async`) or the payer's caller proof over this method and path with an empty body (docs/gateway.md, \"Who may read a run\"). No credential: 401 `run_token_required`; another run's token or another account's proof: 403 `run_access_denied`; an unknown run, or one past its keep time (24 h after it ended): 404 `run_not_found`.";

const REFUSALS = [400, 401, 403, 404, 500, 503] as const;
const refusals = errorAnswers(...REFUSALS);
const security = [{ runAccessToken: [] }];

const readRoute = createRoute({
  method: "get",
  path: "/api/runs/{transactionId}",
  summary: "Read a run: its state, progress and result",
  description: credentials,
  security,
  request: { params: runParamsSchema, headers: proofHeadersSchema },
  responses: { 200: jsonAnswer("The run", runStatusResponseSchema), ...refusals },
});

const eventsRoute = createRoute({
  method: "get",
  path: "/api/runs/{transactionId}/events",
  summary: "Watch a run: its events, live",
  description: `Each event: \`id: <seq>\` (1, 2, ...), \`event: <type>\` (status, log, progress, partial, result), \`data: <JSON>\`. The first is \`status\`; the last is \`result\`, whose data.run is the final RunStatus, then the stream closes. \`Last-Event-ID\` resumes after that event: nothing repeated, nothing missed. A \`: keep-alive\` comment every 15 s. ${credentials}`,
  security,
  request: {
    params: runParamsSchema,
    headers: proofHeadersSchema.extend({
      "last-event-id": z
        .string()
        .regex(/^\d{1,15}$/, { message: "the id of the last event received (a whole number)" })
        .optional()
        .meta({ description: "Resume after this event's id (the `id:` of an event received)" }),
    }),
  },
  responses: {
    200: {
      description: "The run's events, from the first after Last-Event-ID",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...refusals,
  },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/api/runs/{transactionId}/cancel",
  summary: "Cancel a run",
  description: `A free run can be canceled until it ends; a paid run only while \`submitted\` (its agent has not started), and its ledger outcome is then FAILED, so the payer can refund. A paid run its agent works on, or a run that ended, is 409 \`run_not_cancelable\` (docs/gateway.md, "Canceling a run"). Send no body. ${credentials}`,
  security,
  middleware: [rawBody] as const,
  request: { params: runParamsSchema, headers: proofHeadersSchema },
  responses: {
    200: jsonAnswer("The run, as it is after the cancel", runStatusResponseSchema),
    ...refusals,
    ...errorAnswers(409, 413),
  },
});

/** The request as the run's grant reads it (runs/grant-run.ts): path, query and body as sent. */
function runRequestOf(request: Request, body: Uint8Array): RunRequest {
  const url = new URL(request.url);
  return {
    headers: request.headers,
    method: request.method === "POST" ? "POST" : "GET",
    path: `${url.pathname}${url.search}`,
    body,
  };
}

/** Every refusal of the run routes: the error body naming the run, under its declared status. */
function refuse(c: Context, error: AppError, transactionId: string) {
  return errorJson(c, errorAnswer(error, { transactionId }), REFUSALS);
}

/** The cancel's refusals: those of every run route, and 409 run_not_cancelable or 413. */
const CANCEL_REFUSALS = [...REFUSALS, 409, 413] as const;

/** A GET's grant: its body is empty by definition. */
const readGrant = (
  c: { env: GatewayEnv; req: { raw: Request } },
  transactionId: string,
  read?: () => Promise<RunRecord | null>,
) =>
  grantRun({
    env: c.env,
    transactionId,
    request: runRequestOf(c.req.raw, new Uint8Array()),
    ...(read === undefined ? {} : { read }),
  });

/**
 * The runs API (docs/gateway.md, "Runs"): read, watch and cancel a run started with
 * `Prefer: respond-async` (or any run, by its token or its payer). Thin: who may is
 * runs/run-access.ts, the rest is the run object's.
 */
export const runRoutes = gatewayRouter()
  .openapi(readRoute, async (c) => {
    const { transactionId } = c.req.valid("param");
    const granted = await readGrant(c, transactionId);
    if (!granted.ok) return refuse(c, granted.error, transactionId);
    return c.json(runStatusBody(granted.value.record), 200);
  })
  .openapi(eventsRoute, async (c) => {
    const { transactionId } = c.req.valid("param");
    const after = Number(c.req.valid("header")["last-event-id"] ?? 0);
    // One call to the run object reads the run for the access check and opens its stream.
    const watcher = runWatcher({ run: runStub(c.env, transactionId), after });
    const granted = await readGrant(c, transactionId, watcher.read);
    if (!granted.ok) {
      await watcher.refused();
      return refuse(c, granted.error, transactionId);
    }
    return watcher.response() ?? refuse(c, appError("run_not_found"), transactionId);
  })
  .openapi(cancelRoute, async (c) => {
    const { transactionId } = c.req.valid("param");
    const granted = await grantRun({
      env: c.env,
      transactionId,
      request: runRequestOf(c.req.raw, c.get("rawBody")),
    });
    if (!granted.ok)
      return errorJson(c, errorAnswer(granted.error, { transactionId }), CANCEL_REFUSALS);
    const canceled = await cancelRun({ run: granted.value.run });
    if (!canceled.ok)
      return errorJson(c, errorAnswer(canceled.error, { transactionId }), CANCEL_REFUSALS);
    return c.json(runStatusBody(canceled.value), 200);
  });

runRoutes.openAPIRegistry.registerComponent("securitySchemes", "runAccessToken", {
  type: "http",
  scheme: "bearer",
  description:
    "A run's access token (`agr_` + 64 hex), shown once in the 202 of an execute with `Prefer: respond-async`; it reads and cancels that run only",
});
