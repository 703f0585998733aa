import type { ProfileSettings } from "./profile.js";

/** Where a setting came from; shown by `--verbose` and used in error messages. */
export type SettingSource =
  | "flag"
  | "profile"
  | "APTOS_NETWORK"
  | "LEDGER_NETWORK"
  | "APTOS_MODULE_ADDRESS"
  | "LEDGER_MODULE_ADDRESS"
  | "APTOS_PRIVATE_KEY"
  | "LEDGER_PRIVATE_KEY"
  | "default";

export interface Setting {
  value: string;
  source: SettingSource;
}

export interface ResolvedSettings {
  network: Setting;
  moduleAddress?: Setting;
  privateKey?: Setting;
}

export interface SettingFlags {
  network?: string;
  moduleAddress?: string;
  privateKey?: string;
}

/** The default network is testnet (README.md, "Settings: network, module address, key"). */
export const DEFAULT_NETWORK = "testnet";

type Env = Readonly<Record<string, string | undefined>>;

function firstSet(candidates: [string | undefined, SettingSource][]): Setting | undefined {
  for (const [value, source] of candidates) {
    // An empty flag or variable counts as unset, as `export APTOS_NETWORK=` means "no value".
    if (value !== undefined && value.trim() !== "") return { value: value.trim(), source };
  }
  return undefined;
}

/**
 * One precedence for every setting (architecture.md): flag, then `--profile`, then APTOS_*,
 * then LEDGER_*, then the default. Pure: the caller reads the environment and the profile.
 */
export function resolveSettings(args: {
  flags: SettingFlags;
  profile?: ProfileSettings;
  env: Env;
}): ResolvedSettings {
  const { flags, profile, env } = args;
  const network = firstSet([
    [flags.network, "flag"],
    [profile?.network, "profile"],
    [env.APTOS_NETWORK, "APTOS_NETWORK"],
    [env.LEDGER_NETWORK, "LEDGER_NETWORK"],
  ]) ?? { value: DEFAULT_NETWORK, source: "default" };
  const moduleAddress = firstSet([
    [flags.moduleAddress, "flag"],
    [profile?.moduleAddress, "profile"],
    [env.APTOS_MODULE_ADDRESS, "APTOS_MODULE_ADDRESS"],
    [env.LEDGER_MODULE_ADDRESS, "LEDGER_MODULE_ADDRESS"],
  ]);
  const privateKey = firstSet([
    [flags.privateKey, "flag"],
    [profile?.privateKey, "profile"],
    [env.APTOS_PRIVATE_KEY, "APTOS_PRIVATE_KEY"],
    [env.LEDGER_PRIVATE_KEY, "LEDGER_PRIVATE_KEY"],
  ]);
  return {
    network: { ...network, value: normalizeNetwork(network.value) },
    ...(moduleAddress ? { moduleAddress } : {}),
    ...(privateKey ? { privateKey } : {}),
  };
}

// Preset names are case-insensitive (`-n Testnet` as the Aptos CLI spells it); URLs keep their case.
function normalizeNetwork(value: string): string {
  const lower = value.toLowerCase();
  return ["mainnet", "testnet", "devnet", "local"].includes(lower) ? lower : value;
}
