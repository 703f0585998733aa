import { hexToBytes } from "#shared/auth/bytes";
import type { Setting } from "../config/resolve-settings.js";
import { usageError } from "../errors/cli-error.js";

// 32 bytes of hex, bare, 0x-prefixed or in AIP-80 form (what the Aptos CLI writes).
const ED25519_KEY = /^(?:ed25519-priv-)?(?:0x)?([0-9a-fA-F]{64})$/;

/**
 * The Ed25519 private key of a command's signer, as 0x + 64 lowercase hex digits. It is checked
 * by shape before anything uses it, and no error here ever includes it.
 */
export function privateKeyHexFromSetting(setting: Setting | undefined): string {
  if (!setting) {
    throw usageError(
      "this command signs a transaction: pass -p/--private-key, set APTOS_PRIVATE_KEY, or use --profile",
    );
  }
  const digits = ED25519_KEY.exec(setting.value)?.[1];
  if (digits === undefined) {
    throw usageError(
      `the private key from ${setting.source === "flag" ? "--private-key" : setting.source} is not an Ed25519 key (expected 64 hex digits, optionally 0x or ed25519-priv-0x)`,
    );
  }
  return `0x${digits.toLowerCase()}`;
}

/** The 32-byte seed of a key from privateKeyHexFromSetting (already checked to be 64 hex digits). */
export function seedOf(privateKeyHex: string): Uint8Array {
  const seed = hexToBytes(privateKeyHex.slice(2));
  if (seed === null) throw usageError("the private key is not 64 hex digits");
  return seed;
}
