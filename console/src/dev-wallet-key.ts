import { bytesToHex, hexToBytes } from "@noble/hashes/utils";
import { type Ed25519Account, ed25519Account, newEd25519Account } from "./ed25519-account.js";

/**
 * The development wallet's key (docs/console.md, "Wallet"): made in this browser and kept in its
 * localStorage, for the local devnode's test APT only. It never leaves the page; the gateway sees
 * its address and the transactions it signs.
 */
const KEY_ITEM = "agentgate.devWallet.privateKey";
const KEY_HEX = /^[0-9a-f]{64}$/;

export function keptDevWallet(): Ed25519Account | null {
  const hex = localStorage.getItem(KEY_ITEM);
  return hex !== null && KEY_HEX.test(hex) ? ed25519Account(hexToBytes(hex)) : null;
}

export function createDevWallet(): Ed25519Account {
  const account = newEd25519Account();
  localStorage.setItem(KEY_ITEM, bytesToHex(account.privateKey));
  return account;
}

export function forgetDevWallet(): void {
  localStorage.removeItem(KEY_ITEM);
}
