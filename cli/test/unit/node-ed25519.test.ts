import { Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { NodeEd25519PrivateKey } from "../../src/runtime/node-ed25519.js";

describe("NodeEd25519PrivateKey", () => {
  it("derives the SDK's public key and signs byte for byte like the SDK", () => {
    for (let i = 0; i < 5; i++) {
      const reference = Ed25519PrivateKey.generate();
      const key = new NodeEd25519PrivateKey(reference.toString());
      expect(key.publicKey().toString()).toBe(reference.publicKey().toString());
      const message = crypto.getRandomValues(new Uint8Array(16 + i * 100));
      expect(key.sign(message).toString()).toBe(reference.sign(message).toString());
      expect(key.publicKey().verifySignature({ message, signature: key.sign(message) })).toBe(true);
    }
  });

  it("signs hex string messages as the SDK does", () => {
    const reference = Ed25519PrivateKey.generate();
    const key = new NodeEd25519PrivateKey(reference.toString());
    expect(key.sign("0xdeadbeef").toString()).toBe(reference.sign("0xdeadbeef").toString());
  });
});
