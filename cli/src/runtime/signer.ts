import { Account, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import type { Setting } from "../config/resolve-settings";
import { usageError } from "../errors/cli-error";
import { NodeEd25519PrivateKey } from "./node-ed25519";

// 32 bytes of hex, bare, 0x-prefixed or in AIP-80 form (what the Aptos CLI writes).
const ED25519_KEY = /^(?:ed25519-priv-)?(?:0x)?[0-9a-fA-F]{64}$/;

/**
 * The private key of a command's signer. It is checked by shape before the SDK sees it, and no
 * error here ever includes it.
 */
export function privateKeyFromSetting(setting: Setting | undefined): NodeEd25519PrivateKey {
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
  return new NodeEd25519PrivateKey(
    PrivateKey.formatPrivateKey(setting.value, PrivateKeyVariants.Ed25519),
  );
}

/** The signing account of a command. */
export function signerFromSetting(setting: Setting | undefined): Account {
  return Account.fromPrivateKey({ privateKey: privateKeyFromSetting(setting) });
}
