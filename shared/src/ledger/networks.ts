import { DEVNODE_CHAIN_ID, DEVNODE_MODULE_ADDRESS, DEVNODE_PORT } from "../contract/devnode.js";
import { isValidAddress, normalizeAddress } from "../schemas/address-format.js";
import { LedgerError } from "./errors.js";

/** Names accepted by `--network`; anything else that parses as an http(s) URL is a custom fullnode. */
export const NETWORK_NAMES = ["mainnet", "testnet", "devnet", "local"] as const;
export type NetworkName = (typeof NETWORK_NAMES)[number];

/** Everything the client needs to talk to one ledger. URLs carry no trailing slash. */
export interface NetworkConfig {
  /** A preset name, or "custom" for a fullnode URL given by the user. */
  name: NetworkName | "custom";
  fullnode: string;
  /** Absent where no public faucet API exists (mainnet, testnet). */
  faucet?: string;
  indexer?: string;
  /** Known up front for presets; a custom node reports its own. */
  chainId?: number;
  /** Where the agent_platform package is published, long form; undefined when unknown. */
  moduleAddress?: string;
  /**
   * The Aptos explorer's `network` parameter for links; undefined where the explorer cannot show
   * the node (custom URLs). Its `local` reads the node at 127.0.0.1:8080 from the browser, so it
   * shows the devnode of the `local` preset (README.md, "Output").
   */
  explorerNetwork?: string;
}

const LOCAL_ORIGIN = `http://127.0.0.1:${DEVNODE_PORT}`;

/** The presets. Public networks carry no module address: the user says where the package lives. */
export const NETWORK_PRESETS: Readonly<Record<NetworkName, NetworkConfig>> = {
  mainnet: {
    name: "mainnet",
    fullnode: "https://api.mainnet.aptoslabs.com/v1",
    indexer: "https://api.mainnet.aptoslabs.com/v1/graphql",
    chainId: 1,
    explorerNetwork: "mainnet",
  },
  testnet: {
    name: "testnet",
    fullnode: "https://api.testnet.aptoslabs.com/v1",
    indexer: "https://api.testnet.aptoslabs.com/v1/graphql",
    chainId: 2,
    explorerNetwork: "testnet",
  },
  devnet: {
    name: "devnet",
    fullnode: "https://api.devnet.aptoslabs.com/v1",
    faucet: "https://faucet.devnet.aptoslabs.com",
    indexer: "https://api.devnet.aptoslabs.com/v1/graphql",
    explorerNetwork: "devnet",
  },
  local: {
    name: "local",
    fullnode: `${LOCAL_ORIGIN}/v1`,
    // The devnode serves the faucet and the indexer stub on the fullnode's port.
    faucet: LOCAL_ORIGIN,
    indexer: `${LOCAL_ORIGIN}/v1/graphql`,
    chainId: DEVNODE_CHAIN_ID,
    moduleAddress: DEVNODE_MODULE_ADDRESS,
    explorerNetwork: "local",
  },
};

export function isNetworkName(value: string): value is NetworkName {
  return (NETWORK_NAMES as readonly string[]).includes(value);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A custom fullnode, e.g. `http://127.0.0.1:8787/v1` or an Aptos localnet elsewhere. The faucet
 * and indexer default to the same origin, which is how the devnode serves them.
 */
export function customNetwork(args: {
  fullnode: string;
  faucet?: string;
  indexer?: string;
  moduleAddress?: string;
}): NetworkConfig {
  const url = parseHttpUrl(args.fullnode);
  if (!url) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `network: "${args.fullnode}" is neither mainnet, testnet, devnet, local nor an http(s) fullnode URL`,
    });
  }
  const fullnode = trimSlash(url.toString());
  return {
    name: "custom",
    fullnode,
    faucet: trimSlash(args.faucet ?? url.origin),
    indexer: trimSlash(args.indexer ?? `${url.origin}/v1/graphql`),
    ...(args.moduleAddress === undefined
      ? {}
      : { moduleAddress: normalizeModuleAddress(args.moduleAddress) }),
  };
}

function normalizeModuleAddress(input: string): string {
  if (!isValidAddress(input)) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `moduleAddress: "${input}" is not an account address`,
    });
  }
  return normalizeAddress(input);
}

/**
 * Resolves `--network` (a preset name or a fullnode URL) and `--module-address` into a config.
 * An explicit module address wins over the preset's. With `requireModuleAddress` (the default)
 * a network without one is an invalid_input error naming the option to set.
 */
export function resolveNetwork(args: {
  network: string | NetworkConfig;
  moduleAddress?: string;
  requireModuleAddress?: boolean;
}): NetworkConfig {
  const base =
    typeof args.network !== "string"
      ? args.network
      : isNetworkName(args.network)
        ? NETWORK_PRESETS[args.network]
        : customNetwork({ fullnode: args.network });
  const moduleAddress =
    args.moduleAddress !== undefined && args.moduleAddress !== ""
      ? normalizeModuleAddress(args.moduleAddress)
      : base.moduleAddress;
  if (moduleAddress === undefined && args.requireModuleAddress !== false) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `moduleAddress: the agent_platform package address is not known for network "${base.name}"; pass --module-address or set APTOS_MODULE_ADDRESS`,
    });
  }
  return moduleAddress === undefined ? { ...base } : { ...base, moduleAddress };
}

/** Explorer link for a transaction on a preset network; undefined for custom nodes. */
export function explorerTransactionUrl(network: NetworkConfig, hash: string): string | undefined {
  if (network.explorerNetwork === undefined) return undefined;
  return `https://explorer.aptoslabs.com/txn/${hash}?network=${network.explorerNetwork}`;
}

/** Explorer link for an account on a preset network; undefined for custom nodes. */
export function explorerAccountUrl(network: NetworkConfig, address: string): string | undefined {
  if (network.explorerNetwork === undefined) return undefined;
  return `https://explorer.aptoslabs.com/account/${address}?network=${network.explorerNetwork}`;
}
