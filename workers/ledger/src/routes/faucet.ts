import { Hono, type MiddlewareHandler } from "hono";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import { fund, parseFundBody } from "../node/faucet.js";
import { readJson } from "./body.js";

/**
 * The faucet API at the Worker's root: `POST /fund` as the SDK calls it, and legacy `/mint`.
 * Off (404) unless DEV_FAUCET is "true": a devnode reachable by others would mint for anyone.
 */
export function faucetRoutes(ctx: NodeContext): Hono {
  const app = new Hono();
  app.use("/fund", faucetSwitch(ctx));
  app.use("/mint", faucetSwitch(ctx));
  app.post("/fund", async (c) => {
    const request = parseFundBody(await readJson(c.req.raw));
    return c.json({ txn_hashes: [fund({ ctx, ...request })] });
  });
  app.post("/mint", (c) => {
    const request = parseFundBody({
      address: c.req.query("address"),
      amount: c.req.query("amount"),
    });
    return c.json([fund({ ctx, ...request })]);
  });
  return app;
}

function faucetSwitch(ctx: NodeContext): MiddlewareHandler {
  return async (_c, next) => {
    if (!ctx.config.devFaucet) {
      throw NodeError.disabled(404, "faucet_disabled", "DEV_FAUCET", "The faucet");
    }
    await next();
  };
}
