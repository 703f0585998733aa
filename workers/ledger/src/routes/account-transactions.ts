import { Hono } from "hono";
import { hexLiteral } from "../engine/move-values.js";
import { parseAddress } from "../node/address.js";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";

/** The REST API's page for an account's transactions: 25 unless asked, at most 100. */
const DEFAULT_PAGE = 25;
const MAX_PAGE = 100;

function parseCount(input: string | undefined, field: string): bigint | null {
  if (input === undefined) return null;
  if (!/^\d{1,20}$/.test(input) || BigInt(input) >= 2n ** 64n) {
    throw NodeError.invalidInput(`${field}: expected a u64, got ${input.slice(0, 80)}`);
  }
  return BigInt(input);
}

/**
 * GET /v1/accounts/:address/transactions?start=&limit= (aptos-node-api.md): the account's
 * committed user transactions in sequence order, as by_hash answers each, `start` the first
 * sequence number (absent: the latest page). An account that sent nothing has none.
 */
export function accountTransactionRoutes(ctx: NodeContext): Hono {
  return new Hono().get("/v1/accounts/:address/transactions", (c) => {
    // Stored as the node prints it, without leading zeros (tx/render.ts), so asked that way.
    const sender = hexLiteral(parseAddress(c.req.param("address"), "address"));
    const start = parseCount(c.req.query("start"), "start");
    const asked = parseCount(c.req.query("limit"), "limit");
    if (asked === 0n) throw NodeError.invalidInput("limit: must be at least 1");
    const limit = asked === null ? DEFAULT_PAGE : Math.min(Number(asked), MAX_PAGE);
    const bodies = ctx.store.accountTransactions({ sender, start, limit });
    return new Response(`[${bodies.join(",")}]`, {
      headers: { "content-type": "application/json" },
    });
  });
}
