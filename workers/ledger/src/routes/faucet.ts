import { Hono } from "hono";
import type { NodeContext } from "../node/context";
import { fund, parseFundBody } from "../node/faucet";
import { readJson } from "./body";

/** The faucet API at the Worker's root: `POST /fund` as the SDK calls it, and legacy `/mint`. */
export function faucetRoutes(ctx: NodeContext): Hono {
  const app = new Hono();
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
