import { createContext, useEffect, useState } from "hono/jsx/dom";
import { createDevWallet, forgetDevWallet, keptDevWallet } from "./dev-wallet-key.js";
import type { Ed25519Account } from "./ed25519-account.js";
import { consoleSettings, devWalletBalance, fundDevWallet } from "./wallet-api.js";

/**
 * The development wallet as every page sees it (docs/console.md, "Wallet"): offered or not (the
 * gateway's settings), its account, its balance in octas, what it is doing, and its last problem.
 */
export type DevWallet = {
  offered: boolean;
  account: Ed25519Account | null;
  balance: bigint | null;
  busy: "funding" | null;
  problem: string | null;
  connect: () => void;
  forget: () => void;
  fund: () => Promise<void>;
  refresh: () => Promise<void>;
};

const none = async () => {};

export const DevWalletContext = createContext<DevWallet>({
  offered: false,
  account: null,
  balance: null,
  busy: null,
  problem: null,
  connect: () => {},
  forget: () => {},
  fund: none,
  refresh: none,
});

export function useDevWallet(): DevWallet {
  const [offered, setOffered] = useState(false);
  const [account, setAccount] = useState<Ed25519Account | null>(null);
  const [balance, setBalance] = useState<bigint | null>(null);
  const [busy, setBusy] = useState<"funding" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refreshFor = async (address: string) => {
    const read = await devWalletBalance(address);
    if (read.ok) setBalance(read.value);
    else setProblem(read.message);
  };
  useEffect(() => {
    consoleSettings().then((settings) => {
      if (!settings.ok || !settings.value.devWallet) return;
      setOffered(true);
      const kept = keptDevWallet();
      setAccount(kept);
      if (kept !== null) refreshFor(kept.address);
    });
  }, []);
  return {
    offered,
    account,
    balance,
    busy,
    problem,
    connect: () => {
      const created = createDevWallet();
      setAccount(created);
      setProblem(null);
      refreshFor(created.address);
    },
    forget: () => {
      forgetDevWallet();
      setAccount(null);
      setBalance(null);
    },
    fund: async () => {
      if (account === null) return;
      setBusy("funding");
      setProblem(null);
      const funded = await fundDevWallet(account.address);
      setBusy(null);
      if (funded.ok) setBalance(funded.value);
      else setProblem(funded.message);
    },
    refresh: async () => {
      if (account !== null) await refreshFor(account.address);
    },
  };
}
