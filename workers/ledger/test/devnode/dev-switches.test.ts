import { env, runInDurableObject } from "cloudflare:test";
import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { DEVNODE_ADMIN_PRIVATE_KEY, DEVNODE_MODULE_ADDRESS, LIMITS } from "#shared/contract";
import { DevnodeObject } from "../../src/devnode-object.js";
import { nodeConfig } from "../../src/node/create.js";
import { BASE, devnodeAptos } from "./sdk-client.js";

type Switches = { DEV_CLOCK?: string; DEV_FAUCET?: string; DEV_ADMIN?: string };

const admin = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(DEVNODE_ADMIN_PRIVATE_KEY),
});

/**
 * A devnode of its own (a named instance) whose Worker vars are the test env's with `switches`
 * instead of the test pool's (which turns the faucet and admin functions on): what a devnode
 * deployed from workers/ledger/wrangler.jsonc as it stands would run with. The public admin key's
 * account is funded first (by the same storage opened with the faucet on), so a refusal is the
 * switch's doing and not a lack of gas.
 */
async function withDevnode<T>(
  switches: Switches,
  use: (fetch: (url: string, init?: RequestInit) => Promise<Response>) => Promise<T>,
): Promise<T> {
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName(`switches-${crypto.randomUUID()}`));
  return runInDurableObject(stub, async (_instance, state) => {
    const off = { DEV_CLOCK: "false", DEV_FAUCET: "false", DEV_ADMIN: "false" };
    const funder = new DevnodeObject(state, { ...env, ...off, DEV_FAUCET: "true" });
    const address = admin.accountAddress.toStringLong();
    const funded = await funder.fetch(
      new Request(`${BASE}/fund`, json({ address, amount: 1_000_000_000 })),
    );
    expect(funded.status).toBe(200);
    const devnode = new DevnodeObject(state, { ...env, ...off, ...switches });
    return use(async (url, init) => devnode.fetch(new Request(`${BASE}${url}`, init)));
  });
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("the devnode's conveniences are off unless configured (issue 13, door 4)", () => {
  it("refuses the faucet with a 404 saying how to turn it on; nothing is minted", async () => {
    await withDevnode({}, async (fetch) => {
      const to = Account.generate().accountAddress.toStringLong();
      for (const [path, init] of [
        ["/fund", json({ address: to, amount: 100_000_000 })],
        [`/mint?address=${to}&amount=100000000`, { method: "POST" }],
      ] as const) {
        const response = await fetch(path, init);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toMatchObject({
          error_code: "faucet_disabled",
          message: expect.stringContaining('DEV_FAUCET = "true"'),
        });
      }
      const balance = await fetch(`/v1/accounts/${to}/balance/0xa`);
      expect(await balance.json()).toBe(0);
    });
  });

  it("refuses to move the clock with a 404 saying so", async () => {
    await withDevnode({}, async (fetch) => {
      const response = await fetch("/dev/clock/advance", json({ seconds: 60 }));
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error_code: "dev_clock_disabled" });
    });
  });

  it("refuses the package's admin-only functions signed with the public admin key (403)", async () => {
    await withDevnode({}, async (fetch) => {
      const aptos = devnodeAptos((url, init) => fetch(url.slice(BASE.length), init));
      for (const [name, args] of [
        ["set_refund_window", [31_536_000]],
        ["initialize", []],
      ] as const) {
        const transaction = await aptos.transaction.build.simple({
          sender: admin.accountAddress,
          data: {
            function: `${DEVNODE_MODULE_ADDRESS}::payment::${name}`,
            functionArguments: [...args],
          },
        });
        const submitted = aptos.signAndSubmitTransaction({ signer: admin, transaction });
        await expect(submitted, name).rejects.toMatchObject({
          status: 403,
          data: { error_code: "admin_disabled" },
        });
      }
      const window = await aptos.view({
        payload: { function: `${DEVNODE_MODULE_ADDRESS}::payment::refund_window` },
      });
      expect(window).toEqual([String(LIMITS.DEFAULT_REFUND_WINDOW_SECS)]);
    });
  });

  it('serves all three when their vars are exactly "true"', async () => {
    await withDevnode({ DEV_CLOCK: "true", DEV_FAUCET: "true" }, async (fetch) => {
      const to = Account.generate().accountAddress.toStringLong();
      expect((await fetch("/fund", json({ address: to, amount: 5 }))).status).toBe(200);
      expect((await fetch("/dev/clock/advance", json({ seconds: 60 }))).status).toBe(200);
    });
    expect(
      nodeConfig({ MODULE_ADDRESS: DEVNODE_MODULE_ADDRESS, CHAIN_ID: "4", DEV_ADMIN: "true" })
        .devAdmin,
    ).toBe(true);
  });

  it('reads anything but "true" as off, and missing vars as off', () => {
    for (const value of [undefined, "", "false", "1", "TRUE", "yes"]) {
      const config = nodeConfig({
        MODULE_ADDRESS: DEVNODE_MODULE_ADDRESS,
        CHAIN_ID: "4",
        ...(value === undefined ? {} : { DEV_CLOCK: value, DEV_FAUCET: value, DEV_ADMIN: value }),
      });
      expect([config.devClock, config.devFaucet, config.devAdmin], String(value)).toEqual([
        false,
        false,
        false,
      ]);
    }
  });
});
