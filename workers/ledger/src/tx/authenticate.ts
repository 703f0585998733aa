import {
  type AccountAuthenticator,
  AccountAuthenticatorNoAccountAuthenticator,
  AnyPublicKey,
  Ed25519PublicKey,
  Ed25519Signature,
  type TransactionAuthenticator,
} from "@aptos-labs/ts-sdk";
import { verifyEd25519Strict } from "#shared/auth/ed25519-strict";
import type { JsonValue } from "../engine/types.js";
import { NodeError } from "../node/errors.js";

/** What the node needs from a transaction's authenticator. */
export interface SenderKey {
  /** Key the signature is checked with; null for simulation's NoAccountAuthenticator. */
  publicKey: Ed25519PublicKey | null;
  signature: Ed25519Signature | null;
  /** The authentication key this public key derives (0x + 64 hex). */
  authenticationKey: string | null;
  /** The signature as the REST API renders it. */
  json: JsonValue;
}

const ed25519Json = (publicKey: Ed25519PublicKey, signature: Ed25519Signature): JsonValue => ({
  type: "ed25519_signature",
  public_key: publicKey.toString(),
  signature: signature.toString(),
});

/** Derived authentication keys by public key: sha3 per transaction is avoidable work. */
const authKeyCache = new Map<string, string>();
function cachedAuthKey(publicKey: Ed25519PublicKey | AnyPublicKey): string {
  const id = `${publicKey instanceof AnyPublicKey ? "single" : "legacy"}:${publicKey.toString()}`;
  let key = authKeyCache.get(id);
  if (key === undefined) {
    if (authKeyCache.size > 10_000) authKeyCache.clear();
    key = publicKey.authKey().toString();
    authKeyCache.set(id, key);
  }
  return key;
}

function fromAccountAuthenticator(sender: AccountAuthenticator): SenderKey {
  if (sender.isEd25519()) {
    return {
      publicKey: sender.public_key,
      signature: sender.signature,
      authenticationKey: cachedAuthKey(sender.public_key),
      json: ed25519Json(sender.public_key, sender.signature),
    };
  }
  if (sender.isSingleKey()) {
    const inner = sender.public_key.publicKey;
    const signature = sender.signature.signature;
    if (inner instanceof Ed25519PublicKey && signature instanceof Ed25519Signature) {
      return {
        publicKey: inner,
        signature,
        authenticationKey: cachedAuthKey(sender.public_key),
        json: {
          type: "single_sender",
          public_key: { type: "ed25519", value: inner.toString() },
          signature: { type: "ed25519", value: signature.toString() },
        },
      };
    }
  }
  if (sender instanceof AccountAuthenticatorNoAccountAuthenticator) {
    return {
      publicKey: null,
      signature: null,
      authenticationKey: null,
      json: { type: "no_account_signature" },
    };
  }
  throw unsupported();
}

const unsupported = () =>
  NodeError.vm(
    "INVALID_SIGNATURE",
    "the devnode accepts Ed25519 and SingleSender(SingleKey Ed25519) authenticators only",
  );

/**
 * Reads the sender's key and signature from a transaction authenticator: legacy Ed25519 and
 * SingleSender with an Ed25519 single key (or, for simulation, no authenticator). Anything else
 * (multi-ed25519, multi-agent, fee payer, secp256k1, keyless...) is refused.
 */
export function senderKey(authenticator: TransactionAuthenticator): SenderKey {
  if (authenticator.isEd25519()) {
    return {
      publicKey: authenticator.public_key,
      signature: authenticator.signature,
      authenticationKey: cachedAuthKey(authenticator.public_key),
      json: ed25519Json(authenticator.public_key, authenticator.signature),
    };
  }
  if (authenticator.isSingleSender()) return fromAccountAuthenticator(authenticator.sender);
  throw unsupported();
}

/**
 * Verifies an Ed25519 signature over the signing message strictly, as Aptos does: small-order
 * keys, non-canonical encodings and S >= L are refused before the equation is checked
 * (shared/src/auth/ed25519-strict.ts).
 */
export function verifyEd25519(args: {
  publicKey: Ed25519PublicKey;
  signature: Ed25519Signature;
  message: Uint8Array;
}): Promise<boolean> {
  return verifyEd25519Strict({
    publicKey: args.publicKey.toUint8Array(),
    signature: args.signature.toUint8Array(),
    message: args.message,
  });
}
