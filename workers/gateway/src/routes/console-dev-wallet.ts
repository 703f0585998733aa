import { Hono } from "hono";
import { consoleSettings, devWalletAddress, fundDevWallet } from "../console/dev-wallet-support.js";
import { CONSOLE_LEDGER_PATH, relayedLedgerPath, relayToLedger } from "../console/ledger-relay.js";
import type { GatewayApp } from "../http/gateway-app-types.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";

/**
 * What the console asks of its own origin besides the API (docs/console.md, "Wallet"): its
 * settings, and on the local devnode only the development wallet's balance and faucet, forwarded
 * over the LEDGER binding so the page's connect-src stays 'self', and on every deployment the
 * ledger relay a wallet in the page uses (console/ledger-relay.ts). Hidden from the OpenAPI
 * document, like the console; elsewhere the development wallet's routes answer 404.
 */
export const consoleDevWalletRoutes = new Hono<GatewayApp>()
  .get("/console/settings.json", (c) =>
    c.json(consoleSettings(c.env), 200, { "cache-control": "no-cache" }),
  )
  .get("/console/dev-wallet/:address/balance", async (c) => {
    const address = devWalletAddress({ env: c.env, address: c.req.param("address") });
    const balance = await gatewayLedger(c.env).balance(address);
    return c.json({ address, balance: balance.toString() }, 200);
  })
  .post("/console/dev-wallet/:address/fund", async (c) => {
    const address = devWalletAddress({ env: c.env, address: c.req.param("address") });
    const funded = await fundDevWallet({ ledger: gatewayLedger(c.env), address });
    return c.json(
      {
        address,
        transactionHash: funded.transactionHash,
        amount: funded.amount.toString(),
        balance: funded.balance.toString(),
      },
      200,
    );
  })
  .on(["GET", "POST"], `${CONSOLE_LEDGER_PATH}/*`, async (c) => {
    const pathAndQuery = relayedLedgerPath({ method: c.req.method, url: new URL(c.req.url) });
    return relayToLedger({
      env: c.env,
      method: c.req.method,
      pathAndQuery,
      contentType: c.req.header("content-type"),
      body: c.req.method === "POST" ? await c.req.arrayBuffer() : null,
    });
  });
