import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import type { Setting } from "../config/resolve-settings";
import { usageError } from "../errors/cli-error";

// 32 bytes of hex, bare, 0x-prefixed or in AIP-80 form (what the Aptos CLI writes).
const ED25519_KEY = /^(?:ed25519-priv-)?(?:0x)?[0-9a-fA-F]{64}$/;

/**
 * The signing account of a command. The key is checked by shape before the SDK sees it, and no
 * error here ever includes it.
 */
export function signerFromSetting(setting: Setting | undefined): Account {
  if (!setting) {
    throw usageError(
      "this command signs a transaction: pass -p/--private-key, set APTOS_PRIVATE_KEY, or use --profile",
    );
  }
  if (!ED25519_KEY.test(setting.value)) {
    throw usageError(
      `the private key from ${setting.source === "flag" ? "--private-key" : setting.source} is not an Ed25519 key (expected 64 hex digits, optionally 0x or ed25519-priv-0x)`,
    );
  }
  const privateKey = new Ed25519PrivateKey(
    PrivateKey.formatPrivateKey(setting.value, PrivateKeyVariants.Ed25519),
  );
  return Account.fromPrivateKey({ privateKey });
}
