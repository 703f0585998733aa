import { Account, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import type { Setting } from "../config/resolve-settings.js";
import { NodeEd25519PrivateKey } from "./node-ed25519.js";
import { privateKeyHexFromSetting } from "./private-key.js";

/** The private key of a command's signer, as the SDK's key type. */
export function privateKeyFromSetting(setting: Setting | undefined): NodeEd25519PrivateKey {
  return new NodeEd25519PrivateKey(
    PrivateKey.formatPrivateKey(privateKeyHexFromSetting(setting), PrivateKeyVariants.Ed25519),
  );
}

/** The signing account of a command. */
export function signerFromSetting(setting: Setting | undefined): Account {
  return Account.fromPrivateKey({ privateKey: privateKeyFromSetting(setting) });
}
