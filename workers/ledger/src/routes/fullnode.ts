import { Hono } from "hono";
import { moduleAbi } from "../abi/modules.js";
import { longAddress } from "../engine/move-values.js";
import { parseAddress } from "../node/address.js";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import { runView, viewFromBcs, viewFromJson } from "../node/views.js";
import { GAS_UNIT_PRICE } from "../tx/gas.js";
import { APT_METADATA, APTOS_COIN } from "../tx/resolve.js";
import { simulateTransaction, submitTransaction, submitTransactionBatch } from "../tx/submit.js";
import { accountTransactionRoutes } from "./account-transactions.js";
import { readBcs, readJson } from "./body.js";

const SIGNED_TRANSACTION_BCS = "application/x.aptos.signed_transaction+bcs";

const HASH = /^0x[0-9a-f]{64}$/;

/** Whether an asset in a balance path is APT: its coin type or its fungible-asset metadata (0xa). */
function isApt(asset: string): boolean {
  if (asset === APTOS_COIN) return true;
  try {
    return longAddress(asset) === APT_METADATA;
  } catch {
    return false;
  }
}

/** How long wait_by_hash holds a request for a hash it does not know yet. */
const WAIT_MS = 1000;

function parseHash(input: string): string {
  const hash = input.toLowerCase();
  if (!HASH.test(hash))
    throw NodeError.invalidInput(`hash: expected 0x + 64 hex digits, got ${input.slice(0, 80)}`);
  return hash;
}

/** The characters of a Move type tag or an address; nothing else names an asset or a resource. */
const TYPE_TEXT = /^[0-9A-Za-z_:<>, ]{1,1024}$/;

/**
 * A type from a path segment, which Hono has already percent-decoded once (decoding it again
 * read `%25zz` as a malformed escape and answered 500): anything but a type's characters,
 * a leftover `%` included, is the node's 400.
 */
function parseTypeParam(input: string, field: string): string {
  if (!TYPE_TEXT.test(input)) {
    throw NodeError.invalidInput(
      `${field}: not a Move type: ${JSON.stringify(input.slice(0, 80))}`,
    );
  }
  return input;
}

function jsonText(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "content-type": "application/json" } });
}

function transactionNotFound(hash: string): NodeError {
  return NodeError.notFound(
    "transaction_not_found",
    `Transaction not found by Transaction hash(${hash})`,
  );
}

/** The fullnode REST subset under /v1 (aptos-node-api.md §14); the indexer is indexer.ts. */
export function fullnodeRoutes(ctx: NodeContext): Hono {
  const app = new Hono();

  const ledgerInfo = () => {
    const version = ctx.version.toString();
    return {
      chain_id: ctx.config.chainId,
      epoch: "1",
      ledger_version: version,
      oldest_ledger_version: "0",
      ledger_timestamp: ctx.clock.nowMicros().toString(),
      node_role: "full_node",
      oldest_block_height: "0",
      block_height: version,
      git_hash: "devnode",
    };
  };
  app.get("/v1", (c) => c.json(ledgerInfo()));
  app.get("/v1/", (c) => c.json(ledgerInfo()));

  app.get("/v1/estimate_gas_price", (c) =>
    c.json({
      deprioritized_gas_estimate: Number(GAS_UNIT_PRICE),
      gas_estimate: Number(GAS_UNIT_PRICE),
      prioritized_gas_estimate: Number(GAS_UNIT_PRICE) + 50,
    }),
  );

  app.get("/v1/accounts/:address", (c) => {
    const address = parseAddress(c.req.param("address"), "address");
    // Stateless accounts (AIP-115): an address never seen has sequence 0 and its own auth key.
    const account = ctx.store.account(address);
    return c.json({
      sequence_number: account.sequenceNumber.toString(),
      authentication_key: account.authenticationKey,
    });
  });

  app.route("/", accountTransactionRoutes(ctx));

  app.get("/v1/accounts/:address/module/:name", (c) => {
    const address = parseAddress(c.req.param("address"), "address");
    const module = moduleAbi({
      address,
      name: c.req.param("name"),
      moduleAddress: ctx.config.moduleAddress,
    });
    if (!module) {
      throw NodeError.notFound(
        "module_not_found",
        `Module not found by Address(${address}), Module name(${c.req.param("name")})`,
      );
    }
    return c.json(module);
  });

  app.get("/v1/accounts/:address/balance/:asset", (c) => {
    const address = parseAddress(c.req.param("address"), "address");
    const asset = parseTypeParam(c.req.param("asset"), "asset");
    // The node answers a bare number; any asset but APT has no balance here.
    const octas = isApt(asset) ? ctx.bank.balance(address) : 0n;
    return jsonText(octas.toString());
  });

  app.get("/v1/accounts/:address/resource/:type", (c) => {
    const address = parseAddress(c.req.param("address"), "address");
    const type = parseTypeParam(c.req.param("type"), "resource type");
    const account = ctx.store.account(address);
    if (type !== "0x1::account::Account" || !account.exists) {
      throw NodeError.notFound(
        "resource_not_found",
        `Resource not found by Address(${address}), Struct tag(${type})`,
      );
    }
    return c.json({
      type,
      data: {
        authentication_key: account.authenticationKey,
        sequence_number: account.sequenceNumber.toString(),
      },
    });
  });

  app.post("/v1/transactions", async (c) => {
    const body = await readBcs(c.req.raw, SIGNED_TRANSACTION_BCS);
    return c.json(await submitTransaction({ ctx, body }), 202);
  });

  app.post("/v1/transactions/batch", async (c) => {
    const body = await readBcs(c.req.raw, SIGNED_TRANSACTION_BCS);
    const { status, failures } = await submitTransactionBatch({ ctx, body });
    return c.json({ transaction_failures: failures }, status);
  });

  app.post("/v1/transactions/simulate", async (c) => {
    const body = await readBcs(c.req.raw, SIGNED_TRANSACTION_BCS);
    return c.json(simulateTransaction({ ctx, body }));
  });

  app.get("/v1/transactions/by_hash/:hash", (c) => {
    const hash = parseHash(c.req.param("hash"));
    const body = ctx.store.transactionByHash(hash);
    if (body === null) throw transactionNotFound(hash);
    return jsonText(body);
  });

  app.get("/v1/transactions/wait_by_hash/:hash", async (c) => {
    const hash = parseHash(c.req.param("hash"));
    // Commits are synchronous, so a known hash is already final; an unknown one may still
    // arrive from a request in flight, so hold briefly as the node's long poll does.
    const deadline = Date.now() + WAIT_MS;
    for (let i = 0; i < 10; i++) {
      const body = ctx.store.transactionByHash(hash);
      if (body !== null) return jsonText(body);
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 10));
    }
    throw transactionNotFound(hash);
  });

  app.post("/v1/view", async (c) => {
    const contentType = c.req.header("content-type") ?? "";
    const request = contentType.startsWith("application/x.aptos.view_function+bcs")
      ? viewFromBcs(await readBcs(c.req.raw, "application/x.aptos.view_function+bcs"))
      : viewFromJson(await readJson(c.req.raw));
    return c.json(runView({ ctx, ...request }));
  });

  return app;
}
