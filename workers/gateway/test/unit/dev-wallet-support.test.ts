import { describe, expect, it } from "vitest";
import { AppErrorException } from "#shared/errors/app-error";
import { consoleSettings, devWalletAddress } from "../../src/console/dev-wallet-support.js";

const address = `0x${"ab".repeat(32)}`;
const ledgerBinding = { fetch: () => new Response() };

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppErrorException ? error.appError.code : "thrown";
  }
}

describe("the console's development wallet is offered on the local devnode only", () => {
  it("offers it with NETWORK local and the devnode's binding", () => {
    expect(consoleSettings({ NETWORK: "local", LEDGER: ledgerBinding })).toEqual({
      network: "local",
      devWallet: true,
      moduleAddress: "",
      transactionUrl: "/console/ledger/v1/transactions/by_hash/{hash}",
    });
  });

  it("links a transaction to the explorer on a named public network, to the node elsewhere", () => {
    const testnet = consoleSettings({ NETWORK: "testnet", MODULE_ADDRESS: `0x${"A1".repeat(32)}` });
    expect(testnet.moduleAddress).toBe(`0x${"a1".repeat(32)}`);
    expect(testnet.transactionUrl).toBe(
      "https://explorer.aptoslabs.com/txn/{hash}?network=testnet",
    );
    expect(consoleSettings({ NETWORK: "custom" }).transactionUrl).toBe(
      "/console/ledger/v1/transactions/by_hash/{hash}",
    );
  });

  it("refuses its calls (404) on any other network or without the devnode's binding", () => {
    for (const env of [
      { NETWORK: "testnet" },
      { NETWORK: "mainnet", LEDGER: ledgerBinding },
      { NETWORK: "local" },
      { NETWORK: "custom", LEDGER: ledgerBinding },
    ]) {
      expect(consoleSettings(env).devWallet, JSON.stringify(env)).toBe(false);
      expect(
        codeOf(() => devWalletAddress({ env, address })),
        JSON.stringify(env),
      ).toBe("not_found");
    }
  });

  it("names the account in its long form, and refuses what is not an address", () => {
    const env = { NETWORK: "local", LEDGER: ledgerBinding };
    expect(devWalletAddress({ env, address: `0x${"AB".repeat(32)}` })).toBe(address);
    expect(codeOf(() => devWalletAddress({ env, address: "0xzz" }))).toBe("validation_failed");
  });
});
