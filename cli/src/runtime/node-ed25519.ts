import { type KeyObject, sign } from "node:crypto";
import {
  Ed25519PrivateKey,
  Ed25519PublicKey,
  Ed25519Signature,
  Hex,
  type HexInput,
} from "@aptos-labs/ts-sdk";
import { ed25519KeyObject, ed25519PublicKeyBytes } from "./ed25519-signer.js";

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
    this.keyObject = ed25519KeyObject(this.toUint8Array());
  }

  override publicKey(): Ed25519PublicKey {
    if (!this.derivedPublicKey) {
      this.derivedPublicKey = new Ed25519PublicKey(ed25519PublicKeyBytes(this.keyObject));
    }
    return this.derivedPublicKey;
  }

  override sign(message: HexInput): Ed25519Signature {
    const bytes = Hex.fromHexInput(message).toUint8Array();
    return new Ed25519Signature(new Uint8Array(sign(null, bytes, this.keyObject)));
  }
}
