import { SELF } from "cloudflare:test";
import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";

describe("smoke", () => {
  it("runs in workerd", async () => {
    const r = await SELF.fetch("http://x/");
    expect(await r.json()).toEqual({ ok: true });
    const a = Account.generate();
    expect(a.accountAddress.toString().length).toBe(66);
    const key = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
    expect(key).toBeTruthy();
    void Ed25519PrivateKey;
  });
});
