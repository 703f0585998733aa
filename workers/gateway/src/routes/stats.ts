import { createRoute } from "@hono/zod-openapi";
import { listQuerySchema, processIdParamSchema } from "#shared/schemas/gateway";
import { statsListResponseSchema, statsResponseSchema } from "#shared/schemas/stats";
import { errorJson } from "../http/declared-answer.js";
import { answerOf } from "../http/failure.js";
import { nowIso } from "../http/respond.js";
import { indexFailure } from "../list/index-result.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";
import { LIST_CAP, LIST_ERRORS } from "./processes.js";

const STATS_ERRORS = [400, 404, 500, 503] as const;

const statsListRoute = createRoute({
  method: "get",
  path: "/api/stats",
  summary: "Success rates and earnings of processes",
  description: `Each registered process's paid runs, outcomes and octas, from the ledger's payment events (free runs leave no fact on the ledger). Filters as \`GET /api/processes\`; without \`limit\` at most ${LIST_CAP} processes.`,
  request: { query: listQuerySchema },
  responses: {
    200: jsonAnswer("Figures per process, in id order", statsListResponseSchema),
    ...errorAnswers(...LIST_ERRORS),
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/api/stats/{processId}",
  summary: "A process's success rate and earnings",
  request: { params: processIdParamSchema },
  responses: {
    200: jsonAnswer("The process's figures", statsResponseSchema),
    ...errorAnswers(...STATS_ERRORS),
  },
});

/** GET /api/stats and /api/stats/:processId (docs/gateway.md, "Success rates and earnings"). */
export const statsRoutes = gatewayRouter()
  .openapi(statsListRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await c.env.PROCESS_INDEX.getByName("registry").stats({
      owner: query.owner,
      tag: query.tag,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit ?? LIST_CAP,
    });
    if (!page.ok) return errorJson(c, answerOf(indexFailure(page)), LIST_ERRORS);
    const { stats } = page.value;
    return c.json(
      { success: true as const, ...page.value, count: stats.length, timestamp: nowIso() },
      200,
    );
  })
  .openapi(statsRoute, async (c) => {
    const { processId } = c.req.valid("param");
    const found = await c.env.PROCESS_INDEX.getByName("registry").statsOf(processId);
    if (!found.ok) return errorJson(c, answerOf(indexFailure(found, processId)), STATS_ERRORS);
    return c.json({ success: true as const, ...found.value, timestamp: nowIso() }, 200);
  });
