import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { processIdParamSchema } from "#shared/schemas/gateway";
import { a2aCallOf } from "../a2a/a2a-call.js";
import { LIST_TASKS_DEFAULT_PAGE_SIZE, LIST_TASKS_MAX_PAGE_SIZE } from "../a2a/list-tasks.js";
import { loadProcessCard } from "../a2a/load-card.js";
import { A2A_JSON, serveRest } from "../a2a/serve-rest.js";
import { errorJson } from "../http/declared-answer.js";
import { rawBody } from "../http/raw-body.js";
import { errorAnswer } from "../http/respond.js";
import { paramValidator } from "../http/validate.js";
import { gatewayRouter } from "../openapi/route-parts.js";

const a2aJson = z.record(z.string(), z.unknown());
const taskParamsSchema = processIdParamSchema.extend({ taskId: z.string() });

/** ListTasks' query (A2A 1.0 HTTP+JSON), as src/a2a/serve-rest.ts reads it. */
const listTasksQuerySchema = z.object({
  contextId: z.string().optional().meta({
    description:
      "A task's id (its context id): that one task, with its access token or its payer's caller proof",
  }),
  status: z.string().optional().meta({ description: "Only tasks in this state (TASK_STATE_...)" }),
  pageSize: z
    .string()
    .optional()
    .meta({
      description: `Tasks per page, 1 to ${LIST_TASKS_MAX_PAGE_SIZE} (default ${LIST_TASKS_DEFAULT_PAGE_SIZE})`,
    }),
  pageToken: z.string().optional().meta({
    description:
      "The previous page's nextPageToken (a transaction id); one that is not a transaction id is invalid params",
  }),
  statusTimestampAfter: z
    .string()
    .optional()
    .meta({ description: "Only tasks whose status changed at or after this ISO 8601 time" }),
  includeArtifacts: z
    .string()
    .optional()
    .meta({ description: "`true` to include each task's artifacts (default: none)" }),
});

/**
 * An A2A error body (google.rpc.Status, A2A 1.0 §11.6, as `application/a2a+json`) under each
 * status its errors map to, or the gateway's own error body (an unknown process, a ledger outage).
 */
const errorBodies = Object.fromEntries(
  [400, 404, 409, 415, 500, 501, 503].map((status) => [
    status,
    {
      description: "An A2A error, or the gateway's",
      content: { [A2A_JSON]: { schema: a2aJson }, "application/json": { schema: a2aJson } },
    },
  ]),
);

/** One HTTP+JSON operation (A2A 1.0), as the OpenAPI document shows it. */
function operation(args: {
  method: "get" | "post";
  path: string;
  summary: string;
  stream?: boolean;
  query?: typeof listTasksQuerySchema;
}) {
  const task = args.path.includes("{taskId}");
  const answer = args.stream
    ? { "text/event-stream": { schema: z.string() } }
    : { [A2A_JSON]: { schema: a2aJson } };
  return createRoute({
    method: args.method,
    path: `/a2a/{processId}${args.path}`,
    summary: `A2A HTTP+JSON: ${args.summary}`,
    description:
      'A2A 1.0 HTTP+JSON binding of the process\'s A2A server; same tasks, credentials and rules as the JSON-RPC binding (docs/gateway.md, "A2A"), the a2a-x402 activation included (`A2A-Extensions`, echoed). Send `A2A-Version: 1.0`.',
    request: {
      params: task ? taskParamsSchema : processIdParamSchema,
      ...(args.query === undefined ? {} : { query: args.query }),
    },
    responses: { 200: { description: args.summary, content: answer }, ...errorBodies },
  });
}

const OPERATIONS = [
  operation({ method: "post", path: "/message:send", summary: "SendMessage" }),
  operation({
    method: "post",
    path: "/message:stream",
    summary: "SendStreamingMessage",
    stream: true,
  }),
  operation({
    method: "get",
    path: "/tasks",
    summary:
      "ListTasks (the caller's own: with the payer's caller proof of this GET, its paid tasks)",
    query: listTasksQuerySchema,
  }),
  operation({ method: "get", path: "/tasks/{taskId}", summary: "GetTask" }),
  operation({ method: "post", path: "/tasks/{taskId}:cancel", summary: "CancelTask" }),
  operation({
    method: "get",
    path: "/tasks/{taskId}:subscribe",
    summary: "SubscribeToTask",
    stream: true,
  }),
];

const documented = gatewayRouter();
for (const route of OPERATIONS) documented.openAPIRegistry.registerPath(route);

/**
 * The HTTP+JSON binding's paths under `/a2a/:processId/` (docs/gateway.md, "A2A"): thin; the
 * operation is read from the rest of the path by src/a2a/serve-rest.ts.
 */
export const a2aRestRoutes = documented.on(
  ["GET", "POST"],
  "/a2a/:processId/*",
  paramValidator(processIdParamSchema),
  rawBody,
  async (c) => {
    const { processId } = c.req.valid("param");
    const url = new URL(c.req.url);
    const base = url.pathname.indexOf("/", "/a2a/".length);
    const tail = base === -1 ? "" : url.pathname.slice(base);
    const call = a2aCallOf({
      env: c.env,
      request: c.req.raw,
      processId,
      rawBody: c.get("rawBody"),
      executionCtx: c.executionCtx,
    });
    const card = await loadProcessCard({ env: c.env, processId, origin: call.origin });
    if (!card.ok) return errorJson(c, errorAnswer(card.error, { processId }), [404, 503, 500]);
    const answer = await serveRest({ call, card: card.value, tail, query: url.searchParams });
    return await call.afterAnswer.send(answer);
  },
);
