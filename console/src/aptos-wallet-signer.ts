import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils";
import { signedTransactionBytes } from "#shared/ledger/entry-bcs";
import { isValidAddress, normalizeAddress } from "#shared/schemas/address-format";
import type { AccountInfo, AptosWallet, NetworkInfo } from "./aptos-wallet-standard.js";
import type { TransactionSigner } from "./transaction-signer.js";

/**
 * The SignedTransaction (hex) of a RawTransaction (hex) and the AccountAuthenticator a wallet
 * answered, wrapped as shared's signedTransactionBytes wraps it (a SingleKey one in SingleSender).
 */
export function signedTransactionOf(rawHex: string, authenticator: Uint8Array): string {
  const raw = hexToBytes(rawHex.replace(/^0x/, ""));
  return `0x${bytesToHex(signedTransactionBytes(raw, authenticator))}`;
}

/** The account's Ed25519 key (32 bytes), the one a simulation names; null for any other kind. */
export function ed25519KeyOf(account: AccountInfo): Uint8Array | null {
  const key = account.publicKey;
  const bytes = key === undefined ? null : key instanceof Uint8Array ? key : key.toUint8Array();
  return bytes !== null && bytes.length === 32 ? bytes : null;
}

/**
 * Connects an AIP-62 wallet for this gateway's ledger: asks it to connect, then refuses, in plain
 * words, a wallet on another chain than the gateway's (a transaction names its chain id, so one
 * signed there would be refused here). Answers the signer, or why not.
 */
export async function connectAptosWallet(args: {
  wallet: AptosWallet;
  gatewayNetwork: string;
  chainId: number;
}): Promise<{ ok: true; signer: TransactionSigner } | { ok: false; message: string }> {
  const { wallet } = args;
  let network: NetworkInfo;
  let account: AccountInfo;
  try {
    const connected = await wallet.features["aptos:connect"].connect();
    if (connected.status !== "Approved") {
      return { ok: false, message: `${wallet.name}: the connection was declined` };
    }
    account = connected.args;
    network = await wallet.features["aptos:network"].network();
  } catch (error) {
    return { ok: false, message: `${wallet.name} could not connect: ${String(error)}` };
  }
  if (network.chainId !== args.chainId) {
    return {
      ok: false,
      message: `${wallet.name} is on ${network.name} (chain ${network.chainId}), but this gateway pays on ${args.gatewayNetwork} (chain ${args.chainId}). Switch the wallet to ${args.gatewayNetwork} and connect again.`,
    };
  }
  const address = account.address.toString();
  if (!isValidAddress(address)) {
    return { ok: false, message: `${wallet.name} answered "${address}", not an account address` };
  }
  return { ok: true, signer: aptosWalletSigner(wallet, account, normalizeAddress(address)) };
}

function aptosWalletSigner(
  wallet: AptosWallet,
  account: AccountInfo,
  address: string,
): TransactionSigner {
  return {
    label: wallet.name,
    address,
    publicKey: ed25519KeyOf(account),
    sign: async (rawHex) => {
      const raw = hexToBytes(rawHex.replace(/^0x/, ""));
      try {
        const answer = await wallet.features["aptos:signTransaction"].signTransaction({
          rawTransaction: { bcsToBytes: () => raw },
          // SimpleTransaction's bytes: the raw transaction, then no fee payer (Option::None).
          bcsToBytes: () => concatBytes(raw, Uint8Array.of(0)),
        });
        if (answer.status !== "Approved") {
          return {
            ok: false,
            message: `${wallet.name}: the signature was declined; nothing was paid`,
          };
        }
        return {
          ok: true,
          signedTransaction: signedTransactionOf(rawHex, answer.args.bcsToBytes()),
        };
      } catch (error) {
        return { ok: false, message: `${wallet.name} could not sign: ${String(error)}` };
      }
    },
  };
}
