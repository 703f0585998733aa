import {
  explorerTransactionUrl,
  isNetworkName,
  NETWORK_PRESETS,
  type NetworkConfig,
  resolveNetwork,
} from "#shared/ledger/networks";
import {
  createTransactionClient,
  type TransactionClient,
  type WaitOptions,
} from "#shared/ledger/transactions";
import type { FetchLike } from "#shared/ledger/transport";
import type { CommonArgValues } from "../args/common-args.js";
import type { ResolvedSettings } from "../config/resolve-settings.js";
import { usageError } from "../errors/cli-error.js";
import { createOutput, type Output } from "../output/output.js";
import { Ed25519Signer } from "./ed25519-signer.js";
import { noModuleAddressMessage } from "./no-module-address.js";
import { nodeHttpFetch } from "./node-http-fetch.js";
import { privateKeyHexFromSetting, seedOf } from "./private-key.js";
import { settingsFromArgs } from "./settings.js";

/**
 * What a command needs to submit our entry functions, without the ledger SDK: output, settings,
 * network, the client's transaction path and an Ed25519 signer. `pay` uses it as is, so its run
 * never loads the SDK; every other command gets it inside a full Session.
 */
export interface TransactionSession {
  out: Output;
  settings: ResolvedSettings;
  network: NetworkConfig;
  /** The transport every ledger request of the command goes through. */
  fetch: FetchLike;
  transactions: TransactionClient;
  /** The signer of the key the command was given; a usage error when none was. */
  transactionSigner(): Ed25519Signer;
  /** Runs a transaction-submitting call with a spinner until it commits. */
  submit<T>(label: string, work: (wait: WaitOptions) => Promise<T>): Promise<T>;
  /** `transactionHash` (and `explorerUrl` on the named networks, local too), for results. */
  transaction(hash: string): { transactionHash: string; explorerUrl?: string };
}

/** Per-request timeout of the CLI's ledger requests. */
export const REQUEST_TIMEOUT_MS = 30_000;

function networkConfig(settings: ResolvedSettings, requireModuleAddress: boolean): NetworkConfig {
  const name = settings.network.value;
  const preset = isNetworkName(name) ? NETWORK_PRESETS[name] : undefined;
  if (requireModuleAddress && !settings.moduleAddress && !preset?.moduleAddress) {
    throw usageError(noModuleAddressMessage(name));
  }
  return resolveNetwork({
    network: name,
    ...(settings.moduleAddress ? { moduleAddress: settings.moduleAddress.value } : {}),
    requireModuleAddress,
  });
}

/**
 * `settings`, when given, are the ones the command already read from `values` (so `run` reads
 * flags, profile and environment once).
 */
export function openTransactionSession(
  values: CommonArgValues,
  options: { requireModuleAddress?: boolean; settings?: ResolvedSettings } = {},
): TransactionSession {
  const out = createOutput({ json: values.json === true });
  const settings = options.settings ?? settingsFromArgs(values);
  const network = networkConfig(settings, options.requireModuleAddress !== false);
  if (values.verbose) {
    out.note(`network: ${network.name} ${network.fullnode} (from ${settings.network.source})`);
    if (network.moduleAddress) {
      out.note(
        `module address: ${network.moduleAddress} (from ${settings.moduleAddress?.source ?? "network preset"})`,
      );
    }
    if (settings.privateKey) out.note(`private key: from ${settings.privateKey.source}`);
  }
  const transactions = createTransactionClient({
    network,
    fetch: nodeHttpFetch,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    // A predicted abort costs the signer nothing (README.md, "CLI reference").
    simulate: true,
  });
  let signer: Ed25519Signer | undefined;
  return {
    out,
    settings,
    network,
    fetch: nodeHttpFetch,
    transactions,
    transactionSigner() {
      signer ??= new Ed25519Signer(seedOf(privateKeyHexFromSetting(settings.privateKey)));
      return signer;
    },
    async submit(label, work) {
      const spinner = out.spinner(`${label}: submitting`);
      try {
        return await work({
          onProgress: (progress) =>
            spinner.update(
              `${label}: waiting for commit (${Math.round(progress.elapsedMs / 100) / 10} s)`,
            ),
        });
      } finally {
        spinner.stop();
      }
    },
    transaction(hash) {
      const explorerUrl = explorerTransactionUrl(network, hash);
      return explorerUrl === undefined
        ? { transactionHash: hash }
        : { transactionHash: hash, explorerUrl };
    },
  };
}

/** The lines every transaction result shows. */
export function transactionRows(tx: {
  transactionHash: string;
  explorerUrl?: string;
}): [string, string][] {
  const rows: [string, string][] = [["transaction", tx.transactionHash]];
  if (tx.explorerUrl) rows.push(["explorer", tx.explorerUrl]);
  return rows;
}
