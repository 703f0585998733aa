import { createRoute } from "@hono/zod-openapi";
import { appError } from "#shared/errors/app-error";
import { toSpecProcess } from "#shared/ledger/spec-process";
import {
  LIST_LIMIT_MAX,
  listQuerySchema,
  processIdParamSchema,
  processListResponseSchema,
  processResponseSchema,
} from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import { errorJson } from "../http/declared-answer.js";
import { answerOf } from "../http/failure.js";
import { errorAnswer, nowIso } from "../http/respond.js";
import { queryValidator } from "../http/validate.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { indexFailure } from "../list/index-result.js";
import { errorAnswers, gatewayRouter, jsonAnswer } from "../openapi/route-parts.js";

/** Without `limit`, a list returns at most this many matches (documented in docs/gateway.md). */
export const LIST_CAP = LIST_LIMIT_MAX;

const PROCESS_ERRORS = [400, 404, 500, 503, 504] as const;
/** A list's errors: its query, and the ledger refusing or unreachable while it syncs. */
export const LIST_ERRORS = [400, 500, 503] as const;

const processRoute = createRoute({
  method: "get",
  path: "/api/process/{processId}",
  summary: "Look a process up",
  request: { params: processIdParamSchema },
  responses: {
    200: jsonAnswer("The process", processResponseSchema),
    ...errorAnswers(...PROCESS_ERRORS),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/api/processes",
  summary: "List processes",
  description: `Filters are ANDed. Without \`limit\` at most ${LIST_CAP} matches are returned; \`nextCursor\` is present when more follow.`,
  request: { query: listQuerySchema },
  responses: {
    200: jsonAnswer("Matching processes", processListResponseSchema),
    ...errorAnswers(...LIST_ERRORS),
  },
});

const documented = gatewayRouter().openapi(processRoute, async (c) => {
  const { processId } = c.req.valid("param");
  const process = await cachedProcess({
    ledger: gatewayLedger(c.env),
    processId,
    ttlMs: gatewayConfig(c.env).processCacheMs,
  });
  if (process === null) {
    const answer = errorAnswer(appError("process_not_found"), { processId });
    return errorJson(c, answer, PROCESS_ERRORS);
  }
  return c.json(
    { success: true as const, process: toSpecProcess(process), timestamp: nowIso() },
    200,
  );
});
// Documented by its route; answered as the spliced text below, which `c.json` cannot write.
documented.openAPIRegistry.registerPath(listRoute);

export const processRoutes = documented.get(
  listRoute.path,
  queryValidator(listQuerySchema),
  async (c) => {
    const query = c.req.valid("query");
    const listed = await c.env.PROCESS_INDEX.getByName("registry").list({
      owner: query.owner,
      tag: query.tag,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit ?? LIST_CAP,
    });
    if (!listed.ok) return errorJson(c, answerOf(indexFailure(listed)), LIST_ERRORS);
    const page = listed.value;
    // The read model stores each process's JSON; the answer is spliced, not re-serialized.
    const next =
      page.nextCursor === undefined ? "" : `,"nextCursor":${JSON.stringify(page.nextCursor)}`;
    const text = `{"success":true,"processes":[${page.bodies.join(",")}],"count":${page.bodies.length}${next},"timestamp":"${nowIso()}"}`;
    return c.body(text, 200, { "content-type": "application/json" });
  },
);
