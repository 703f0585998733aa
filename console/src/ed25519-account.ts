import { ed25519 } from "@noble/curves/ed25519";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils";
import {
  ed25519Address,
  ed25519Authenticator,
  signedTransactionBytes,
  signingMessage,
} from "#shared/ledger/entry-bcs";

/**
 * An Aptos single-key Ed25519 account in the browser: @noble/curves signs, shared's BCS
 * (shared/src/ledger/entry-bcs.ts, free of zod) lays out the address and the signed bytes.
 */
export type Ed25519Account = { privateKey: Uint8Array; publicKey: Uint8Array; address: string };

export function ed25519Account(privateKey: Uint8Array): Ed25519Account {
  const publicKey = ed25519.getPublicKey(privateKey);
  return { privateKey, publicKey, address: ed25519Address(publicKey) };
}

/** A new account from 32 random bytes of this browser's generator. */
export function newEd25519Account(): Ed25519Account {
  return ed25519Account(crypto.getRandomValues(new Uint8Array(32)));
}

/** The SignedTransaction (hex) of a RawTransaction (hex BCS), signed as it is. */
export function signRawTransaction(account: Ed25519Account, rawHex: string): string {
  const raw = hexToBytes(rawHex.replace(/^0x/, ""));
  const signature = ed25519.sign(signingMessage(raw), account.privateKey);
  const authenticator = ed25519Authenticator(account.publicKey, signature);
  return `0x${bytesToHex(signedTransactionBytes(raw, authenticator))}`;
}
