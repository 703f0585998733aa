import { ed25519 } from "@noble/curves/ed25519";
import { sha3_256 } from "@noble/hashes/sha3";
import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils";

/**
 * An Aptos single-key Ed25519 account in the browser, with @noble/curves and @noble/hashes only:
 * shared/src/ledger/entry-bcs.ts's helpers pull zod in through their address checks, five times
 * the console's whole bundle. The bytes are the same (scripts/test/console-logic.test.ts holds
 * them equal to entry-bcs's; docs/examples/x402-pay-and-run.mjs writes them out too).
 */
export type Ed25519Account = { privateKey: Uint8Array; publicKey: Uint8Array; address: string };

const RAW_TRANSACTION_SALT = sha3_256(new TextEncoder().encode("APTOS::RawTransaction"));
/** TransactionAuthenticator::Ed25519, then the lengths of its key (32) and signature (64). */
const ED25519_AUTHENTICATOR = 0x00;

export function ed25519Account(privateKey: Uint8Array): Ed25519Account {
  const publicKey = ed25519.getPublicKey(privateKey);
  // A single-key Ed25519 account's address: sha3-256(public key ‖ 0x00).
  const address = `0x${bytesToHex(sha3_256(concatBytes(publicKey, Uint8Array.of(0))))}`;
  return { privateKey, publicKey, address };
}

/** A new account from 32 random bytes of this browser's generator. */
export function newEd25519Account(): Ed25519Account {
  return ed25519Account(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The SignedTransaction (hex) of a RawTransaction (hex BCS), signed as it is: the signature is
 * over sha3-256("APTOS::RawTransaction") ‖ raw.
 */
export function signRawTransaction(account: Ed25519Account, rawHex: string): string {
  const raw = hexToBytes(rawHex.replace(/^0x/, ""));
  const signature = ed25519.sign(concatBytes(RAW_TRANSACTION_SALT, raw), account.privateKey);
  const signed = concatBytes(
    raw,
    Uint8Array.of(ED25519_AUTHENTICATOR, account.publicKey.length),
    account.publicKey,
    Uint8Array.of(signature.length),
    signature,
  );
  return `0x${bytesToHex(signed)}`;
}
