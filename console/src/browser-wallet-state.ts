import { getWallets } from "@wallet-standard/app";
import { createContext, useContext, useEffect, useState } from "hono/jsx/dom";
import { connectAptosWallet } from "./aptos-wallet-signer.js";
import { type AptosWallet, isAptosWallet } from "./aptos-wallet-standard.js";
import { DevWalletContext } from "./dev-wallet-state.js";
import { ledgerInfo } from "./ledger-api.js";
import { devWalletSigner, type TransactionSigner } from "./transaction-signer.js";
import { consoleSettings } from "./wallet-api.js";

/**
 * The AIP-62 wallets in this page (docs/console.md, "Browser wallets"): those registered through
 * the wallet standard's window events that sign Aptos transactions, the one connected, and its
 * last problem in plain words.
 */
export type BrowserWallets = {
  wallets: AptosWallet[];
  connected: TransactionSigner | null;
  busy: boolean;
  problem: string | null;
  connect: (wallet: AptosWallet) => Promise<void>;
  disconnect: () => void;
};

export const BrowserWalletContext = createContext<BrowserWallets>({
  wallets: [],
  connected: null,
  busy: false,
  problem: null,
  connect: async () => {},
  disconnect: () => {},
});

export function useBrowserWallets(): BrowserWallets {
  const [wallets, setWallets] = useState<AptosWallet[]>([]);
  const [connected, setConnected] = useState<TransactionSigner | null>(null);
  const [wallet, setWallet] = useState<AptosWallet | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const registry = getWallets();
    const refresh = () => setWallets(registry.get().filter(isAptosWallet));
    refresh();
    const stops = [registry.on("register", refresh), registry.on("unregister", refresh)];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
  const connect = async (chosen: AptosWallet) => {
    setBusy(true);
    setProblem(null);
    const [settings, ledger] = await Promise.all([consoleSettings(), ledgerInfo()]);
    const made = !settings.ok
      ? settings
      : !ledger.ok
        ? ledger
        : await connectAptosWallet({
            wallet: chosen,
            gatewayNetwork: settings.value.network,
            chainId: ledger.value.chain_id,
          });
    setBusy(false);
    if (!made.ok) return setProblem(made.message);
    setConnected(made.signer);
    setWallet(chosen);
    // Another account or network in the wallet is not what was checked: connect again.
    const changed = (what: string) => () => {
      setConnected(null);
      setProblem(`${chosen.name} changed its ${what}; connect it again to use it here`);
    };
    chosen.features["aptos:onAccountChange"]?.onAccountChange(changed("account"));
    chosen.features["aptos:onNetworkChange"]?.onNetworkChange(changed("network"));
  };
  return {
    wallets,
    connected,
    busy,
    problem,
    connect,
    disconnect: () => {
      // Tell the wallet too, when it listens (AIP-62's optional aptos:disconnect).
      wallet?.features["aptos:disconnect"]?.disconnect().catch(() => {});
      setConnected(null);
      setWallet(null);
      setProblem(null);
    },
  };
}

/** Who pays and signs here: a connected browser wallet, else the development wallet, else none. */
export function usePayer(): TransactionSigner | null {
  const browser = useContext(BrowserWalletContext);
  const dev = useContext(DevWalletContext);
  if (browser.connected !== null) return browser.connected;
  return dev.account === null ? null : devWalletSigner(dev.account);
}
