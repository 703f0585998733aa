import { bytesToHex } from "@noble/hashes/utils";
import { Hono, type MiddlewareHandler } from "hono";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import { fund, parseFundBody } from "../node/faucet.js";
import { readJson } from "./body.js";

/**
 * The faucet API at the Worker's root: `POST /fund` as the SDK calls it, and legacy `/mint` as
 * the Aptos CLI calls it (workers/ledger/README.md, "Endpoints"). Off (404) unless DEV_FAUCET is "true": a devnode
 * reachable by others would mint for anyone.
 */
export function faucetRoutes(ctx: NodeContext): Hono {
  const app = new Hono();
  app.use("/fund", faucetSwitch(ctx));
  app.use("/mint", faucetSwitch(ctx));
  app.post("/fund", async (c) => {
    const request = parseFundBody(await readJson(c.req.raw));
    return c.json({ txn_hashes: [fund({ ctx, ...request }).hash] });
  });
  app.post("/mint", (c) => {
    // The Aptos CLI names the account `auth_key` (a new account's address is its auth key).
    const request = parseFundBody({
      address: c.req.query("address") ?? c.req.query("auth_key"),
      amount: c.req.query("amount"),
    });
    const { hash, signed } = fund({ ctx, ...request });
    if (c.req.query("return_txns") !== "true") return c.json([hash]);
    // What the CLI waits on: a hex BCS Vec<SignedTransaction> (its length, then the one).
    return c.text(bytesToHex(new Uint8Array([1, ...signed])));
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
