import { Account, Ed25519PrivateKey, getAuthenticatorForSimulation } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { callerProofHeaders, signCallerProof, verifyCallerProof } from "#shared/auth/caller-proof";
import { Ed25519Signer } from "../../src/runtime/ed25519-signer.js";
import { privateKeyHexFromSetting, seedOf } from "../../src/runtime/private-key.js";

describe("Ed25519Signer", () => {
  it("has the SDK account's address and signs with its exact authenticator bytes", () => {
    for (let i = 0; i < 5; i++) {
      const key = Ed25519PrivateKey.generate();
      const account = Account.fromPrivateKey({ privateKey: key });
      const signer = new Ed25519Signer(key.toUint8Array());
      expect(signer.accountAddress.toStringLong()).toBe(account.accountAddress.toStringLong());
      const message = crypto.getRandomValues(new Uint8Array(32 + i * 50));
      expect(signer.signWithAuthenticator(message).bcsToBytes()).toEqual(
        account.signWithAuthenticator(message).bcsToBytes(),
      );
    }
  });

  it("signs a simulation as the SDK does: its public key and an all-zero signature", () => {
    const key = Ed25519PrivateKey.generate();
    const signer = new Ed25519Signer(key.toUint8Array());
    expect(signer.simulationAuthenticator().bcsToBytes()).toEqual(
      getAuthenticatorForSimulation(key.publicKey()).bcsToBytes(),
    );
  });
});

describe("caller proof signed by Ed25519Signer (run, without the SDK)", () => {
  it("makes the SDK key's headers byte for byte, and the gateway's check accepts them", async () => {
    const key = Ed25519PrivateKey.generate();
    const account = Account.fromPrivateKey({ privateKey: key });
    const request = {
      origin: "http://127.0.0.1:8787",
      method: "POST",
      path: "/api/execute/echo",
      body: JSON.stringify({ userAddress: account.accountAddress.toStringLong(), data: {} }),
      timestamp: 1_800_000_000,
    };
    const headers = await callerProofHeaders({
      signer: new Ed25519Signer(key.toUint8Array()),
      ...request,
    });
    expect(headers).toEqual(await signCallerProof({ privateKey: key, ...request }));
    const check = await verifyCallerProof({
      headers: new Headers(headers),
      ...request,
      authenticationKey: account.publicKey.authKey().toString(),
      now: request.timestamp * 1000,
    });
    expect(check.ok).toBe(true);
  });
});

describe("privateKeyHexFromSetting", () => {
  const hex = "ab".repeat(32);

  it("accepts bare, 0x and AIP-80 forms and yields the same key", () => {
    for (const value of [hex, `0x${hex}`, `ed25519-priv-0x${hex}`, hex.toUpperCase()]) {
      expect(privateKeyHexFromSetting({ value, source: "flag" })).toBe(`0x${hex}`);
    }
    expect(seedOf(`0x${hex}`)).toEqual(new Uint8Array(32).fill(0xab));
  });

  it("refuses a missing or malformed key without echoing it", () => {
    expect(() => privateKeyHexFromSetting(undefined)).toThrow(/pass -p\/--private-key/);
    const bad = `0x${"zz".repeat(32)}`;
    let message = "";
    try {
      privateKeyHexFromSetting({ value: bad, source: "flag" });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/--private-key is not an Ed25519 key/);
    expect(message).not.toContain(bad);
  });
});
