import { Hono } from "hono";
import { z } from "zod";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import { readJson } from "./body.js";

/** At most ten years per call: enough for any refund window, far from u64 trouble. */
const MAX_ADVANCE_SECONDS = 315_360_000;
const AdvanceBody = z.object({ seconds: z.number().int().positive().max(MAX_ADVANCE_SECONDS) });

/** Dev-only endpoints: 404 with a message saying so unless DEV_CLOCK is "true". */
export function devRoutes(ctx: NodeContext): Hono {
  const app = new Hono();
  app.post("/dev/clock/advance", async (c) => {
    if (!ctx.config.devClock) {
      throw NodeError.disabled(404, "dev_clock_disabled", "DEV_CLOCK", "Moving the clock");
    }
    const parsed = AdvanceBody.safeParse(await readJson(c.req.raw));
    if (!parsed.success) {
      throw NodeError.invalidInput(`seconds: a positive integer up to ${MAX_ADVANCE_SECONDS}`);
    }
    ctx.clock.advance(BigInt(parsed.data.seconds));
    return c.json({ now_seconds: ctx.clock.nowSeconds().toString() });
  });
  return app;
}
