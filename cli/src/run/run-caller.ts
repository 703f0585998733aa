import type { ResolvedSettings } from "../config/resolve-settings.js";
import { usageError } from "../errors/cli-error.js";
import type { Ed25519Signer } from "../runtime/ed25519-signer.js";
import { keySigner } from "../runtime/key-signer.js";

/** Who runs: the holder of the key the settings name, or the bare --user address. */
export interface RunCaller {
  /** Present when a key was given: it signs the payment and the caller proof. */
  signer: Ed25519Signer | undefined;
  userAddress: string;
}

/**
 * The caller from the settings and --user: exactly one of them. The key's address is derived on
 * Node's OpenSSL (keySigner), so a run never loads the ledger SDK for it.
 */
export function runCaller(settings: ResolvedSettings, user: string | undefined): RunCaller {
  if (user !== undefined && settings.privateKey)
    throw usageError("give either --user or a private key, not both");
  if (user === undefined && !settings.privateKey) {
    throw usageError(
      "run needs a key (-p/--private-key, APTOS_PRIVATE_KEY, --profile) or, for a free process, --user",
    );
  }
  const signer = keySigner(settings);
  if (!signer) return { signer: undefined, userAddress: user as string };
  return { signer, userAddress: signer.accountAddress.toStringLong() };
}
