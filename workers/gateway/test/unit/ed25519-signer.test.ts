import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { ed25519SeedSigner } from "#shared/auth/ed25519-signer";
import { verifyEd25519Strict } from "#shared/auth/ed25519-strict";
import { agentSignerOf } from "../../src/execute/agent-signer.js";
import { operatorAccount, simulatingSigner } from "../../src/outcome/operator-account.js";
import { TEST_OPERATOR_C_PRIVATE_KEY, TEST_OPERATOR_PRIVATE_KEY } from "../support/test-secrets.js";

/**
 * The operator key signs on workerd's Web Crypto (shared/src/auth/ed25519-signer.ts), the runtime
 * it signs on in production; Ed25519 is deterministic, so each signature must be the SDK's
 * (@noble/curves) byte for byte, or agents and the ledger would see another key's work.
 */

const SEEDS = [
  TEST_OPERATOR_PRIVATE_KEY,
  TEST_OPERATOR_C_PRIVATE_KEY,
  `0x${"00".repeat(32)}`,
  `0x${"ff".repeat(32)}`,
];

/** `length` bytes that differ from one position to the next, so no byte can be dropped unseen. */
const patterned = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);

const MESSAGES: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  "1 byte": Uint8Array.of(0x2a),
  "300 bytes": patterned(300),
  "64 KiB": patterned(64 * 1024),
};

/** The account as the gateway derives it from OPERATOR_PRIVATE_KEY. */
function accountOf(seed: string): Ed25519Account {
  const account = operatorAccount(seed);
  if (account === null) throw new Error("no account for a key");
  return account;
}

describe("Ed25519 signatures on Web Crypto equal the SDK's byte for byte", () => {
  for (const seed of SEEDS) {
    const account = accountOf(seed);
    for (const [name, message] of Object.entries(MESSAGES)) {
      it(`key ${account.publicKey.toString().slice(0, 10)}…, message ${name}`, async () => {
        const signature = await ed25519SeedSigner(account.privateKey.toUint8Array())(message);
        expect(signature).toEqual(account.sign(message).toUint8Array());
        const publicKey = account.publicKey.toUint8Array();
        expect(await verifyEd25519Strict({ publicKey, signature, message })).toBe(true);
        expect(await agentSignerOf(account)?.sign(message)).toEqual(signature);

        const authenticator = await simulatingSigner(account).signWithAuthenticator(message);
        expect(authenticator.bcsToBytes()).toEqual(
          account.signWithAuthenticator(message).bcsToBytes(),
        );
      });
    }
  }

  it("signs the same again once the key is imported (the cached key is the same key)", async () => {
    const account = accountOf(TEST_OPERATOR_PRIVATE_KEY);
    const seed = account.privateKey.toUint8Array();
    const message = patterned(300);
    const first = await ed25519SeedSigner(seed)(message);
    expect(await ed25519SeedSigner(seed)(message)).toEqual(first);
    const other = accountOf(TEST_OPERATOR_C_PRIVATE_KEY).privateKey.toUint8Array();
    expect(await ed25519SeedSigner(other)(message)).not.toEqual(first);
  });

  it("refuses a seed that is not 32 bytes (fails closed, signs nothing)", async () => {
    const message = patterned(300);
    await expect(ed25519SeedSigner(new Uint8Array(31))(message)).rejects.toThrow(/32 bytes/);
    await expect(ed25519SeedSigner(new Uint8Array(64))(message)).rejects.toThrow(/32 bytes/);
  });
});
