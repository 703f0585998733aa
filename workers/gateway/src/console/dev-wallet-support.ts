import { AppErrorException, appError } from "#shared/errors/app-error";
import type { LedgerClient } from "#shared/ledger/client";
import { explorerTransactionUrl, isNetworkName, NETWORK_PRESETS } from "#shared/ledger/networks";
import { isValidAddress, normalizeAddress } from "#shared/schemas/address-format";
import type { ConsoleSettings } from "#shared/schemas/console-settings";
import { CONSOLE_LEDGER_PATH } from "./ledger-relay.js";

/** What one press of the development wallet's "Fund" mints: 1 APT (docs/console.md, "Wallet"). */
export const DEV_WALLET_FUND_OCTAS = 100_000_000n;

/**
 * A transaction's link: the Aptos explorer on a named public network; on the local devnode (and a
 * custom node, which no explorer shows) the node's own answer, through the console's ledger relay.
 */
function transactionUrl(network: string): string {
  const relayed = `${CONSOLE_LEDGER_PATH}/v1/transactions/by_hash/{hash}`;
  if (network === "local" || !isNetworkName(network)) return relayed;
  return explorerTransactionUrl(NETWORK_PRESETS[network], "{hash}") ?? relayed;
}

/**
 * The development wallet is offered only on the local devnode: NETWORK `local` with the LEDGER
 * binding, which the gateway refuses on a public network (http/deployment-check.ts). Whether the
 * devnode's faucet is on (DEV_FAUCET) is the devnode's own answer: off, it refuses the mint.
 */
export function consoleSettings(env: {
  NETWORK?: string;
  LEDGER?: unknown;
  MODULE_ADDRESS?: string;
}): ConsoleSettings {
  const network = env.NETWORK ?? "";
  const moduleAddress = env.MODULE_ADDRESS ?? "";
  return {
    network,
    devWallet: network === "local" && env.LEDGER !== undefined,
    moduleAddress: isValidAddress(moduleAddress) ? normalizeAddress(moduleAddress) : "",
    transactionUrl: transactionUrl(network),
  };
}

/** The account a development-wallet call names, or the 400/404 that refuses it (fail closed). */
export function devWalletAddress(args: {
  env: { NETWORK?: string; LEDGER?: unknown };
  address: string | undefined;
}): string {
  if (!consoleSettings(args.env).devWallet) {
    throw new AppErrorException(
      appError("not_found", "The development wallet is served on the local devnode only"),
    );
  }
  const address = args.address ?? "";
  if (!isValidAddress(address)) {
    throw new AppErrorException(
      appError("validation_failed", "address: not an account address (0x and up to 64 hex digits)"),
    );
  }
  return normalizeAddress(address);
}

/** Mints DEV_WALLET_FUND_OCTAS to `address` through the devnode's faucet, and its new balance. */
export async function fundDevWallet(args: { ledger: LedgerClient; address: string }) {
  const receipt = await args.ledger.fund({ address: args.address, amount: DEV_WALLET_FUND_OCTAS });
  const balance = await args.ledger.balance(args.address);
  return { transactionHash: receipt.hash, amount: DEV_WALLET_FUND_OCTAS, balance };
}
