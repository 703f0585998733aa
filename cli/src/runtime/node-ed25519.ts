import { createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import {
  Ed25519PrivateKey,
  Ed25519PublicKey,
  Ed25519Signature,
  Hex,
  type HexInput,
} from "@aptos-labs/ts-sdk";

// DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);

/**
 * The SDK's Ed25519 key with signing and public-key derivation done by Node's OpenSSL. Ed25519
 * (RFC 8032) is deterministic, so the signatures are the SDK's own, byte for byte; the SDK's
 * pure-JS curve builds its tables on first use, which costs a short-lived CLI run more CPU than
 * everything else it does.
 */
export class NodeEd25519PrivateKey extends Ed25519PrivateKey {
  private readonly keyObject: KeyObject;
  private derivedPublicKey: Ed25519PublicKey | undefined;

  /** `privateKey` in AIP-80 form (ed25519-priv-0x…), as the SDK prefers. */
  constructor(privateKey: string) {
    super(privateKey);
    const seed = this.toUint8Array();
    const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
    der.set(PKCS8_ED25519_PREFIX);
    der.set(seed, PKCS8_ED25519_PREFIX.length);
    this.keyObject = createPrivateKey({ key: Buffer.from(der), format: "der", type: "pkcs8" });
  }

  override publicKey(): Ed25519PublicKey {
    if (!this.derivedPublicKey) {
      const spki = createPublicKey(this.keyObject).export({ format: "der", type: "spki" });
      this.derivedPublicKey = new Ed25519PublicKey(new Uint8Array(spki.subarray(spki.length - 32)));
    }
    return this.derivedPublicKey;
  }

  override sign(message: HexInput): Ed25519Signature {
    const bytes = Hex.fromHexInput(message).toUint8Array();
    return new Ed25519Signature(new Uint8Array(sign(null, bytes, this.keyObject)));
  }
}
