// The devnode where stock Aptos tools look for a localnet (README.md, "The local stack"): its
// faucet also on a port of its own (8081 for `npm start`) and its indexer stub on another (8090),
// so the unmodified ts-sdk funds an account with `fundAccount`, which waits for the indexer, and
// reads the balance back. Once on free ports with the URLs given, and once with the plain
// Network.LOCAL preset on the standard ports when nothing else holds them.
import { createServer } from "node:net";
import { Account, Aptos, AptosConfig, Network } from "@aptos-labs/ts-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PORTS, type LocalStack, startLocalStack } from "../lib/stack.mjs";

const APT = "0x1::aptos_coin::AptosCoin";

/** True when 127.0.0.1:port can be listened on (nothing holds it). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

/** Funds a new account through aptos' faucet and reads its balance through aptos' fullnode. */
async function fundAndRead(aptos: Aptos, amount: number) {
  const account = Account.generate();
  const funded = await aptos.fundAccount({ accountAddress: account.accountAddress, amount });
  expect(funded.success).toBe(true);
  return aptos.getBalance({ accountAddress: account.accountAddress, asset: APT });
}

describe("the devnode's faucet and indexer ports, through the ts-sdk", () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({ gateway: false });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("funds an account with Network.LOCAL pointed at the stack's ports, and reads the balance", async () => {
    const aptos = new Aptos(
      new AptosConfig({
        network: Network.LOCAL,
        fullnode: stack.ledgerUrl,
        faucet: stack.faucetOrigin,
        indexer: stack.indexerUrl,
      }),
    );
    expect(await fundAndRead(aptos, 12_345_678)).toBe(12_345_678);
  });

  it("serves only the faucet routes on the faucet port and only the indexer on its port", async () => {
    for (const url of [
      `${stack.faucetOrigin}/v1`,
      `${stack.faucetOrigin}/dev/clock/advance`,
      `${new URL(stack.indexerUrl).origin}/fund`,
      `${new URL(stack.indexerUrl).origin}/v1`,
    ]) {
      const response = await fetch(url, { method: "POST", body: "{}" });
      expect(response.status, url).toBe(404);
      // The Aptos node's error body, as the devnode answers every refusal.
      expect(await response.json(), url).toMatchObject({
        message: expect.stringContaining("Not found on this port"),
        error_code: "web_framework_error",
      });
    }
    // The same faucet, still on the devnode's own port too.
    const response = await fetch(`${stack.ledgerOrigin}/fund`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: Account.generate().accountAddress.toString(), amount: 1 }),
    });
    expect(response.status).toBe(200);
  });
});

const standard = [DEFAULT_PORTS.ledger, DEFAULT_PORTS.faucet, DEFAULT_PORTS.indexer];
const taken: number[] = [];
for (const port of standard) if (!(await portIsFree(port))) taken.push(port);
const presetTitle =
  taken.length === 0
    ? "the plain Network.LOCAL preset, on the standard ports"
    : `the plain Network.LOCAL preset (SKIPPED: 127.0.0.1:${taken.join(", ")} already in use; stop what holds it to run this)`;

describe.skipIf(taken.length > 0)(presetTitle, () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({
      gateway: false,
      ledgerPort: DEFAULT_PORTS.ledger,
      faucetPort: DEFAULT_PORTS.faucet,
      indexerPort: DEFAULT_PORTS.indexer,
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("funds an account with `new AptosConfig({ network: Network.LOCAL })` and reads the balance", async () => {
    const aptos = new Aptos(new AptosConfig({ network: Network.LOCAL }));
    expect(await fundAndRead(aptos, 7_654_321)).toBe(7_654_321);
  });
});
