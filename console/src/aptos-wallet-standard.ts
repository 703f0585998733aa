import type { Wallet } from "@wallet-standard/base";
import { isRecord } from "./guards.js";

/**
 * The AIP-62 features the console uses (the Aptos wallet standard, as
 * @aptos-labs/wallet-standard declares them, version 1.0.0), typed here rather than imported:
 * its 2.x needs ts-sdk 7 and the console bundles no ts-sdk (docs/console.md, "Browser wallets").
 * The SDK's objects are met structurally: a transaction the wallet serializes with
 * `bcsToBytes()`, an AccountAuthenticator it answers the same way.
 */
export type NetworkInfo = { name: string; chainId: number; url?: string };
export type AccountInfo = {
  address: { toString(): string } | string;
  publicKey?: Uint8Array | { toUint8Array(): Uint8Array };
};
export type UserResponse<T> = { status: "Approved"; args: T } | { status: "Rejected" };
export type BcsBytes = { bcsToBytes(): Uint8Array };
/** ts-sdk's SimpleTransaction as a wallet reads it: the raw transaction, no fee payer. */
export type RawTransactionInput = BcsBytes & {
  rawTransaction: BcsBytes;
  feePayerAddress?: undefined;
  secondarySignerAddresses?: undefined;
};

export type AptosFeatures = {
  "aptos:connect": {
    connect: (silent?: boolean, networkInfo?: NetworkInfo) => Promise<UserResponse<AccountInfo>>;
  };
  "aptos:account": { account: () => Promise<AccountInfo> };
  "aptos:network": { network: () => Promise<NetworkInfo> };
  "aptos:signTransaction": {
    signTransaction: (
      transaction: RawTransactionInput,
      asFeePayer?: boolean,
    ) => Promise<UserResponse<BcsBytes>>;
  };
  "aptos:onAccountChange"?: {
    onAccountChange: (listener: (account: AccountInfo) => void) => Promise<void>;
  };
  "aptos:onNetworkChange"?: {
    onNetworkChange: (listener: (network: NetworkInfo) => void) => Promise<void>;
  };
  "aptos:disconnect"?: { disconnect: () => Promise<void> };
};

export type AptosWallet = { name: string; icon: string; features: AptosFeatures };

const REQUIRED: [keyof AptosFeatures, string][] = [
  ["aptos:connect", "connect"],
  ["aptos:account", "account"],
  ["aptos:network", "network"],
  ["aptos:signTransaction", "signTransaction"],
];

/** A wallet-standard wallet that signs Aptos transactions: every feature above it needs. */
export function isAptosWallet(wallet: Wallet): wallet is Wallet & AptosWallet {
  const features: unknown = wallet.features;
  return (
    isRecord(features) &&
    REQUIRED.every(([name, method]) => {
      const feature = features[name];
      return isRecord(feature) && typeof feature[method] === "function";
    })
  );
}
