/**
 * Whose account a caller proof's public key is (docs/gateway.md, "Caller proof"): the
 * authentication key of a single-key Ed25519 account, which the proof check compares with the
 * ledger's, and the address such an account has when it was created with that key.
 */
import { Ed25519PublicKey } from "@aptos-labs/ts-sdk";
import { hexToBytes } from "./bytes.js";
import { CALLER_PUBLIC_KEY_HEADER } from "./caller-proof-message.js";

/** A caller proof's public key header: 32 bytes as hex, `0x` optional. */
export const PUBLIC_KEY_HEX = /^(?:0x)?([0-9a-fA-F]{64})$/;

/** The authentication key of a single-key Ed25519 account with this public key, lowercase hex. */
export function ed25519AuthenticationKey(publicKey: Uint8Array): string {
  return new Ed25519PublicKey(publicKey).authKey().toString().toLowerCase().replace(/^0x/, "");
}

/**
 * The address a caller proof speaks for when it names none (A2A's ListTasks: docs/gateway.md,
 * "A2A", "Who may read a task"): the account of the proof's public key as created, whose address
 * is its single-key Ed25519 authentication key, long form. An account that rotated its key is not
 * found this way. Null when the header holds no key.
 */
export function callerProofAddress(headers: Headers): string | null {
  const hex = PUBLIC_KEY_HEX.exec(headers.get(CALLER_PUBLIC_KEY_HEADER) ?? "")?.[1];
  const publicKey = hex === undefined ? null : hexToBytes(hex);
  return publicKey === null ? null : `0x${ed25519AuthenticationKey(publicKey)}`;
}
