import type { ConsoleSettings } from "#shared/schemas/console-settings";
import { callApi } from "./api.js";
import { type Guard, isRecord } from "./guards.js";

/**
 * The console's own calls for its wallet (docs/console.md, "Wallet"), same origin: its settings,
 * and on the local devnode the development wallet's balance and faucet, which the gateway
 * forwards to the devnode (workers/gateway/src/routes/console-dev-wallet.ts).
 */
const isSettings: Guard<ConsoleSettings> = (value): value is ConsoleSettings =>
  isRecord(value) &&
  typeof value.network === "string" &&
  typeof value.devWallet === "boolean" &&
  typeof value.moduleAddress === "string" &&
  typeof value.transactionUrl === "string";

type BalanceAnswer = { balance: string };

const isBalance: Guard<BalanceAnswer> = (value): value is BalanceAnswer =>
  isRecord(value) && typeof value.balance === "string" && /^\d+$/.test(value.balance);

let settings: ReturnType<typeof readSettings> | null = null;
const readSettings = () => callApi({ path: "/console/settings.json", guard: isSettings });

/** The gateway's settings, read once per page load (they change only with a deploy). */
export function consoleSettings() {
  settings ??= readSettings();
  return settings;
}

const walletPath = (address: string, action: "balance" | "fund") =>
  `/console/dev-wallet/${encodeURIComponent(address)}/${action}`;

/** The account's balance in octas, exact (a bigint, never a float). */
export async function devWalletBalance(address: string) {
  const read = await callApi({ path: walletPath(address, "balance"), guard: isBalance });
  return read.ok ? { ok: true as const, value: BigInt(read.value.balance) } : read;
}

/** Mints test APT to the account from the devnode's faucet; its new balance. */
export async function fundDevWallet(address: string) {
  const funded = await callApi({
    path: walletPath(address, "fund"),
    init: { method: "POST" },
    guard: isBalance,
  });
  return funded.ok ? { ok: true as const, value: BigInt(funded.value.balance) } : funded;
}
