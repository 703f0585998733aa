import type { Account } from "@aptos-labs/ts-sdk";
import {
  createLedgerClient,
  explorerTransactionUrl,
  type FetchLike,
  isNetworkName,
  type LedgerClient,
  NETWORK_PRESETS,
  type NetworkConfig,
  resolveNetwork,
  type TxReceipt,
  type WaitOptions,
} from "../../../shared/src/ledger/index";
import type { CommonArgValues } from "../args/common-args";
import type { ResolvedSettings } from "../config/resolve-settings";
import { usageError } from "../errors/cli-error";
import { createOutput, type Output } from "../output/output";
import { settingsFromArgs } from "./settings";
import { signerFromSetting } from "./signer";

/** Everything a ledger command works with, built once from its arguments. */
export interface Session {
  out: Output;
  settings: ResolvedSettings;
  network: NetworkConfig;
  client: LedgerClient;
  /** The signing account; a usage error when no key was given. */
  signer(): Account;
  /** Runs a transaction-submitting call with a spinner until it commits. */
  submit<T>(label: string, work: (wait: WaitOptions) => Promise<T>): Promise<T>;
  /** `transactionHash` (and `explorerUrl` on public networks), for results. */
  transaction(hash: string): { transactionHash: string; explorerUrl?: string };
}

/**
 * Ledger answers are small JSON; asking for them uncompressed spares each short-lived CLI run
 * the cost of setting up decompression, a measurable share of its CPU time.
 */
const uncompressedFetch: FetchLike = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("accept-encoding", "identity");
  return fetch(input, { ...init, headers });
};

function networkConfig(settings: ResolvedSettings, requireModuleAddress: boolean): NetworkConfig {
  const name = settings.network.value;
  const preset = isNetworkName(name) ? NETWORK_PRESETS[name] : undefined;
  if (requireModuleAddress && !settings.moduleAddress && !preset?.moduleAddress) {
    throw usageError(
      `no module address for network ${name}: pass -m/--module-address or set APTOS_MODULE_ADDRESS, or use -n local for the local devnode`,
    );
  }
  return resolveNetwork({
    network: name,
    ...(settings.moduleAddress ? { moduleAddress: settings.moduleAddress.value } : {}),
    requireModuleAddress,
  });
}

export function openSession(
  values: CommonArgValues,
  options: { requireModuleAddress?: boolean } = {},
): Session {
  const out = createOutput({ json: values.json === true });
  const settings = settingsFromArgs(values);
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
  const client = createLedgerClient({ network, fetch: uncompressedFetch });
  let account: Account | undefined;
  return {
    out,
    settings,
    network,
    client,
    signer() {
      account ??= signerFromSetting(settings.privateKey);
      return account;
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

export type { TxReceipt };
