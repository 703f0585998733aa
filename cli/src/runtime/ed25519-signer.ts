import { createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { ed25519Address, ed25519Authenticator } from "#shared/ledger/entry-bcs";
import type { LedgerSigner } from "#shared/ledger/transactions";

// DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/** A private key's Node KeyObject, from its 32-byte seed. */
export function ed25519KeyObject(seed: Uint8Array): KeyObject {
  const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
  der.set(PKCS8_ED25519_PREFIX);
  der.set(seed, PKCS8_ED25519_PREFIX.length);
  return createPrivateKey({ key: Buffer.from(der), format: "der", type: "pkcs8" });
}

/** The raw 32-byte public key of an Ed25519 KeyObject. */
export function ed25519PublicKeyBytes(key: KeyObject): Uint8Array {
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/**
 * The signer of a single-key Ed25519 account, on Node's OpenSSL and without the ledger SDK, for
 * commands that only submit entry functions (`pay`): loading the SDK would cost such a run more
 * than its work. Ed25519 is deterministic, so its signatures are the SDK's, byte for byte.
 */
export class Ed25519Signer implements LedgerSigner {
  readonly accountAddress: { toStringLong(): string };
  private readonly key: KeyObject;
  private readonly publicKey: Uint8Array;

  constructor(seed: Uint8Array) {
    this.key = ed25519KeyObject(seed);
    this.publicKey = ed25519PublicKeyBytes(this.key);
    const address = ed25519Address(this.publicKey);
    this.accountAddress = { toStringLong: () => address };
  }

  signWithAuthenticator(message: Uint8Array): { bcsToBytes(): Uint8Array } {
    const signature = new Uint8Array(sign(null, message, this.key));
    const bytes = ed25519Authenticator(this.publicKey, signature);
    return { bcsToBytes: () => bytes };
  }
}
