import { z } from "zod";
import { CliError } from "../errors/cli-error.js";
import { parseYamlSubset, YamlSubsetError } from "./yaml-subset.js";

/** What a profile of the Aptos CLI's `.aptos/config.yaml` contributes to the CLI's settings. */
export interface ProfileSettings {
  /** A preset name (mainnet, testnet, devnet, local) or, for a Custom profile, its REST URL. */
  network?: string;
  /** The profile's account: where that profile published the package. */
  moduleAddress?: string;
  privateKey?: string;
}

export interface FileAccess {
  exists(path: string): boolean;
  read(path: string): string;
}

const profileSchema = z.looseObject({
  network: z.string().nullish(),
  private_key: z.string().nullish(),
  account: z.string().nullish(),
  rest_url: z.string().nullish(),
});

const configSchema = z.looseObject({
  profiles: z.record(z.string(), profileSchema.nullable()).nullish(),
});

const PROFILE_NETWORKS: Readonly<Record<string, string>> = {
  mainnet: "mainnet",
  testnet: "testnet",
  devnet: "devnet",
  local: "local",
};

function join(dir: string, ...parts: string[]): string {
  return [dir.replace(/\/+$/, ""), ...parts].join("/");
}

function parent(dir: string): string | undefined {
  const trimmed = dir.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  if (cut < 0 || trimmed === "") return undefined;
  return cut === 0 ? "/" : trimmed.slice(0, cut);
}

/**
 * Where the Aptos CLI keeps profiles: the nearest `.aptos/config.yaml` from `cwd` upward, as the
 * Aptos CLI itself looks, then the one in the home directory.
 */
export function findAptosConfig(args: { cwd: string; home?: string; files: FileAccess }) {
  for (let dir: string | undefined = args.cwd; dir !== undefined; dir = parent(dir)) {
    const path = join(dir, ".aptos", "config.yaml");
    if (args.files.exists(path)) return path;
    if (dir === "/") break;
  }
  if (args.home) {
    const path = join(args.home, ".aptos", "config.yaml");
    if (args.files.exists(path)) return path;
  }
  return undefined;
}

/** Reads one profile from the text of a config.yaml; the error never repeats the file's values. */
export function parseProfile(args: { text: string; name: string; path: string }): ProfileSettings {
  let document: unknown;
  try {
    document = parseYamlSubset(args.text);
  } catch (error) {
    const reason = error instanceof YamlSubsetError ? error.message : "unreadable";
    throw new CliError("usage", `${args.path}: ${reason}`);
  }
  const parsed = configSchema.safeParse(document);
  if (!parsed.success) throw new CliError("usage", `${args.path}: not an Aptos CLI config file`);
  const profiles = parsed.data.profiles ?? {};
  const profile = profiles[args.name];
  if (!profile) {
    const known = Object.keys(profiles);
    throw new CliError(
      "usage",
      `profile "${args.name}" is not in ${args.path}${known.length ? ` (profiles: ${known.join(", ")})` : ""}`,
    );
  }
  const settings: ProfileSettings = {};
  const network = profile.network?.toLowerCase();
  if (network === "custom") {
    if (!profile.rest_url) {
      throw new CliError("usage", `profile "${args.name}" is Custom but has no rest_url`);
    }
    settings.network = profile.rest_url;
  } else if (network) {
    const preset = PROFILE_NETWORKS[network];
    if (!preset)
      throw new CliError("usage", `profile "${args.name}": unknown network "${profile.network}"`);
    settings.network = preset;
  }
  if (profile.account) settings.moduleAddress = profile.account;
  if (profile.private_key) settings.privateKey = profile.private_key;
  return settings;
}

/** Finds the config file and reads the named profile from it. */
export function loadProfile(args: {
  name: string;
  cwd: string;
  home?: string;
  files: FileAccess;
}): ProfileSettings {
  const path = findAptosConfig(args);
  if (!path) {
    throw new CliError(
      "usage",
      `--profile ${args.name}: no .aptos/config.yaml in ${args.cwd}, its parents or the home directory`,
    );
  }
  return parseProfile({ text: args.files.read(path), name: args.name, path });
}
