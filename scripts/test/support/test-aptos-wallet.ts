// A wallet-standard wallet for the console's browser tests (docs/console.md, "Browser wallets"):
// registered in the page through the standard's window events, as an extension registers, with
// the AIP-62 features the console uses. Its Ed25519 key stays in the test process: the page's
// signTransaction hands the raw transaction's bytes to an exposed function, which signs them for
// real with @noble/curves and answers the AccountAuthenticator's bytes.
import { ed25519 } from "@noble/curves/ed25519";
import { sha3_256 } from "@noble/hashes/sha3";
import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils";
import type { Page } from "playwright-core";

export type TestWallet = { address: string; signed: string[] };

const RAW_TRANSACTION_SALT = sha3_256(new TextEncoder().encode("APTOS::RawTransaction"));

/**
 * Adds the test wallet to every document `page` opens, on chain `chainId` until the page sets
 * `window.testWalletChainId`; `signed` records each raw transaction it signed (hex).
 */
export async function addTestWallet(page: Page, chainId: number): Promise<TestWallet> {
  const privateKey = ed25519.utils.randomPrivateKey();
  const publicKey = ed25519.getPublicKey(privateKey);
  const address = `0x${bytesToHex(sha3_256(concatBytes(publicKey, Uint8Array.of(0))))}`;
  const signed: string[] = [];
  await page.exposeFunction("testWalletSign", (rawHex: string) => {
    signed.push(rawHex);
    const signature = ed25519.sign(
      concatBytes(RAW_TRANSACTION_SALT, hexToBytes(rawHex)),
      privateKey,
    );
    // AccountAuthenticator::Ed25519: its variant, then the key and the signature behind lengths.
    return bytesToHex(concatBytes(Uint8Array.of(0, 32), publicKey, Uint8Array.of(64), signature));
  });
  await page.addInitScript(
    `(${WALLET_IN_PAGE})(${JSON.stringify({ address, chainId, publicKey: bytesToHex(publicKey) })})`,
  );
  return { address, signed };
}

/**
 * Runs in the page, before its own scripts: the wallet and its registration, through the wallet
 * standard's handshake both ways (announced now, and again when the app says it is ready). Plain
 * JavaScript text, so no bundler helper leaks into the page.
 */
const WALLET_IN_PAGE = `function (args) {
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const bytes = (text) => Uint8Array.from(text.match(/../g) || [], (b) => parseInt(b, 16));
  const account = { address: args.address, publicKey: bytes(args.publicKey) };
  const feature = (methods) => Object.assign({ version: "1.0.0" }, methods);
  const wallet = {
    version: "1.0.0",
    name: "Test Wallet",
    icon: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=",
    chains: ["aptos:localnet"],
    accounts: [],
    features: {
      "aptos:connect": feature({ connect: async () => ({ status: "Approved", args: account }) }),
      "aptos:account": feature({ account: async () => account }),
      "aptos:network": feature({
        network: async () => {
          const chainId = window.testWalletChainId ?? args.chainId;
          return { name: chainId === 4 ? "local" : "mainnet", chainId };
        },
      }),
      "aptos:disconnect": feature({
        disconnect: async () => {
          window.testWalletDisconnected = true;
        },
      }),
      "aptos:signTransaction": feature({
        signTransaction: async (transaction) => {
          const authenticator = await window.testWalletSign(hex(transaction.rawTransaction.bcsToBytes()));
          return { status: "Approved", args: { bcsToBytes: () => bytes(authenticator) } };
        },
      }),
    },
  };
  const register = ({ register }) => register(wallet);
  class RegisterWalletEvent extends Event {
    constructor(callback) {
      super("wallet-standard:register-wallet", { bubbles: false, cancelable: false, composed: false });
      this._detail = callback;
    }
    get detail() { return this._detail; }
  }
  window.dispatchEvent(new RegisterWalletEvent(register));
  window.addEventListener("wallet-standard:app-ready", (event) => register(event.detail));
}`;
