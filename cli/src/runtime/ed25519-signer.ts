import { createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { ed25519Pkcs8 } from "#shared/auth/ed25519-signer";
import {
  ed25519Address,
  ed25519Authenticator,
  ed25519SimulationAuthenticator,
} from "#shared/ledger/entry-bcs";
import type { LedgerSigner } from "#shared/ledger/transactions";

/** A private key's Node KeyObject, from its 32-byte seed. */
export function ed25519KeyObject(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.from(ed25519Pkcs8(seed)), format: "der", type: "pkcs8" });
}

/** The raw 32-byte public key of an Ed25519 KeyObject. */
export function ed25519PublicKeyBytes(key: KeyObject): Uint8Array {
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/**
 * The signer of a single-key Ed25519 account, on Node's OpenSSL and without the ledger SDK, for
 * commands that only submit entry functions and sign caller proofs (`pay`, `run`): loading the
 * SDK would cost such a run more than its work. Ed25519 is deterministic, so its signatures are the SDK's, byte for byte.
 */
export class Ed25519Signer implements LedgerSigner {
  readonly accountAddress: { toStringLong(): string };
  /** The raw 32-byte public key. */
  readonly publicKey: Uint8Array;
  private readonly key: KeyObject;

  constructor(seed: Uint8Array) {
    this.key = ed25519KeyObject(seed);
    this.publicKey = ed25519PublicKeyBytes(this.key);
    const address = ed25519Address(this.publicKey);
    this.accountAddress = { toStringLong: () => address };
  }

  /** The 64-byte Ed25519 signature of `message` (the caller proof signs with it too). */
  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.key));
  }

  signWithAuthenticator(message: Uint8Array): { bcsToBytes(): Uint8Array } {
    const signature = this.sign(message);
    const bytes = ed25519Authenticator(this.publicKey, signature);
    return { bcsToBytes: () => bytes };
  }

  simulationAuthenticator(): { bcsToBytes(): Uint8Array } {
    const bytes = ed25519SimulationAuthenticator(this.publicKey);
    return { bcsToBytes: () => bytes };
  }
}
