import type { ResolvedSettings } from "../config/resolve-settings.js";
import { Ed25519Signer } from "./ed25519-signer.js";
import { privateKeyHexFromSetting, seedOf } from "./private-key.js";

/**
 * The signer of the key the settings name (checked by shape), on Node's OpenSSL, so signing a
 * caller proof never loads the ledger SDK; undefined without a key.
 */
export function keySigner(settings: ResolvedSettings): Ed25519Signer | undefined {
  if (!settings.privateKey) return undefined;
  return new Ed25519Signer(seedOf(privateKeyHexFromSetting(settings.privateKey)));
}
