/**
 * GET /console/settings.json (docs/console.md, "Wallet"): what the console learns from its
 * gateway before it renders. Never a secret. The gateway writes it
 * (workers/gateway/src/console/dev-wallet-support.ts); the console reads it with a guard
 * (console/src/wallet-api.ts), since it bundles no zod.
 */
export type ConsoleSettings = {
  /** The gateway's NETWORK: mainnet, testnet, devnet, local or custom. */
  network: string;
  /** Whether the development wallet is offered: the local devnode only. */
  devWallet: boolean;
  /** Where the package lives, long form (empty when unknown): what the console signs must call it. */
  moduleAddress: string;
  /** A transaction's link, `{hash}` to fill in. */
  transactionUrl: string;
};
