import { type Ed25519Account, signRawTransaction } from "./ed25519-account.js";

/**
 * Whatever signs for the connected account (docs/console.md, "Wallet"): the development wallet's
 * key in this browser, or an AIP-62 wallet. It gets a RawTransaction the console has already
 * checked, and answers the SignedTransaction (hex BCS) to submit, or why it did not sign.
 */
export type Signed = { ok: true; signedTransaction: string } | { ok: false; message: string };

export type TransactionSigner = {
  /** What the page calls it: "the development wallet", "Petra". */
  label: string;
  /** The account, 0x + 64 hex. */
  address: string;
  /** Its Ed25519 public key, which a simulation names; null when the wallet does not tell it. */
  publicKey: Uint8Array | null;
  sign: (rawHex: string) => Promise<Signed>;
};

export function devWalletSigner(account: Ed25519Account): TransactionSigner {
  return {
    label: "the development wallet",
    address: account.address,
    publicKey: account.publicKey,
    sign: async (rawHex) => ({ ok: true, signedTransaction: signRawTransaction(account, rawHex) }),
  };
}
