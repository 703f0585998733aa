import { Hono } from "hono";
import { appError } from "#shared/errors/app-error";
import { toSpecProcess } from "#shared/ledger/spec-process";
import { LIST_LIMIT_MAX, listQuerySchema, processIdParamSchema } from "#shared/schemas/gateway";
import { gatewayConfig } from "../config.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { errorAnswer, nowIso, send } from "../http/respond.js";
import { validate } from "../http/validate.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";

/** Without `limit`, a list returns at most this many matches (documented in docs/gateway.md). */
export const LIST_CAP = LIST_LIMIT_MAX;

export const processRoutes = new Hono<GatewayApp>()
  .get("/api/process/:processId", validate("param", processIdParamSchema), async (c) => {
    const { processId } = c.req.valid("param");
    const process = await cachedProcess({
      ledger: gatewayLedger(c.env),
      processId,
      ttlMs: gatewayConfig(c.env).processCacheMs,
    });
    if (process === null) return send(c, errorAnswer(appError("process_not_found"), { processId }));
    return c.json({ success: true as const, process: toSpecProcess(process), timestamp: nowIso() });
  })
  .get("/api/processes", validate("query", listQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const page = await c.env.PROCESS_INDEX.getByName("registry").list({
      owner: query.owner,
      tag: query.tag,
      status: query.status,
      cursor: query.cursor,
      limit: query.limit ?? LIST_CAP,
    });
    // The read model stores each process's JSON; the answer is spliced, not re-serialized.
    const next =
      page.nextCursor === undefined ? "" : `,"nextCursor":${JSON.stringify(page.nextCursor)}`;
    const text = `{"success":true,"processes":[${page.bodies.join(",")}],"count":${page.bodies.length}${next},"timestamp":"${nowIso()}"}`;
    return c.body(text, 200, { "content-type": "application/json" });
  });
