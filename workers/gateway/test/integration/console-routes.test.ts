import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { CONSOLE_CSP } from "../../src/console/console-page.js";
import { SELF } from "../support/checked-self.js";

const BASE = "https://gateway.test";

describe("the console (docs/console.md)", () => {
  it("leads / to /console", async () => {
    const res = await SELF.fetch(`${BASE}/`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/console");
  });

  it("serves a page that loads its script and stylesheet from this origin", async () => {
    const res = await SELF.fetch(`${BASE}/console`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/console/console.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/console/console.css">');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it("serves the built script and stylesheet", async () => {
    const script = await SELF.fetch(`${BASE}/console/console.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await script.text()).length).toBeGreaterThan(1000);
    const style = await SELF.fetch(`${BASE}/console/console.css`);
    expect(style.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await style.text()).toContain("font-family");
  });

  it("puts a policy that allows only this origin on each of its answers", async () => {
    expect(CONSOLE_CSP).toContain("script-src 'self';");
    expect(CONSOLE_CSP).toContain("style-src 'self';");
    expect(CONSOLE_CSP).toContain("connect-src 'self';");
    expect(CONSOLE_CSP).not.toMatch(/unsafe|\*/);
    for (const path of ["/console", "/console/console.js", "/console/console.css"]) {
      const res = await SELF.fetch(`${BASE}${path}`);
      expect(res.headers.get("content-security-policy"), path).toBe(CONSOLE_CSP);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("the console's development wallet on the devnode (docs/console.md, Wallet)", () => {
  const address = `0x${"c0".repeat(32)}`;

  it("tells the console it runs on the local devnode, with the development wallet", async () => {
    const res = await SELF.fetch(`${BASE}/console/settings.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      network: "local",
      devWallet: true,
      moduleAddress: DEVNODE_MODULE_ADDRESS,
      transactionUrl: "/console/ledger/v1/transactions/by_hash/{hash}",
    });
  });

  it("funds an account from the devnode's faucet and reads its balance", async () => {
    const before = await SELF.fetch(`${BASE}/console/dev-wallet/${address}/balance`);
    expect(before.status).toBe(200);
    const { balance: start } = (await before.json()) as { balance: string };
    const funded = await SELF.fetch(`${BASE}/console/dev-wallet/${address}/fund`, {
      method: "POST",
    });
    expect(funded.status).toBe(200);
    const body = (await funded.json()) as { amount: string; balance: string };
    expect(body.amount).toBe("100000000");
    expect(BigInt(body.balance) - BigInt(start)).toBe(100_000_000n);
  });

  it("refuses an address that is not one, asking nothing of the ledger", async () => {
    const res = await SELF.fetch(`${BASE}/console/dev-wallet/0xnothex/fund`, { method: "POST" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation_failed" });
  });
});
