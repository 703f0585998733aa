import { describe, expect, it } from "vitest";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { LedgerError } from "#shared/ledger/errors";
import { explorerTransactionUrl, NETWORK_PRESETS, resolveNetwork } from "#shared/ledger/networks";

describe("network presets", () => {
  it("points local at the devnode: fullnode, faucet and indexer on port 8080, chain id 4, its module address", () => {
    const local = NETWORK_PRESETS.local;
    expect(local).toMatchObject({
      fullnode: "http://127.0.0.1:8080/v1",
      faucet: "http://127.0.0.1:8080",
      indexer: "http://127.0.0.1:8080/v1/graphql",
      chainId: 4,
      moduleAddress: DEVNODE_MODULE_ADDRESS,
    });
  });

  it("uses Aptos's public endpoints and no module address for mainnet, testnet and devnet", () => {
    expect(NETWORK_PRESETS.mainnet.fullnode).toBe("https://api.mainnet.aptoslabs.com/v1");
    expect(NETWORK_PRESETS.testnet.fullnode).toBe("https://api.testnet.aptoslabs.com/v1");
    expect(NETWORK_PRESETS.devnet.faucet).toBe("https://faucet.devnet.aptoslabs.com");
    expect(NETWORK_PRESETS.testnet.faucet).toBeUndefined();
    for (const name of ["mainnet", "testnet", "devnet"] as const) {
      expect(NETWORK_PRESETS[name].moduleAddress).toBeUndefined();
    }
  });
});

describe("resolveNetwork", () => {
  it("fails with invalid_input naming the module address when a public network has none", () => {
    let error: unknown;
    try {
      resolveNetwork({ network: "testnet" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).kind).toBe("invalid_input");
    expect((error as LedgerError).message).toMatch(/moduleAddress.*testnet.*--module-address/);
  });

  it("takes an explicit module address in any form and stores the long form", () => {
    const net = resolveNetwork({ network: "testnet", moduleAddress: `0xcafe${"0".repeat(60)}` });
    expect(net.moduleAddress).toBe(`0xcafe${"0".repeat(60)}`);
    expect(resolveNetwork({ network: "devnet", moduleAddress: "0x1" }).moduleAddress).toBe(
      `0x${"0".repeat(63)}1`,
    );
  });

  it("lets a module address be omitted when the caller does not need one", () => {
    expect(
      resolveNetwork({ network: "mainnet", requireModuleAddress: false }).moduleAddress,
    ).toBeUndefined();
  });

  it("treats an http(s) URL as a custom fullnode with faucet and indexer on the same origin", () => {
    const net = resolveNetwork({ network: "http://localhost:8787/v1/", moduleAddress: "0x1" });
    expect(net).toMatchObject({
      name: "custom",
      fullnode: "http://localhost:8787/v1",
      faucet: "http://localhost:8787",
      indexer: "http://localhost:8787/v1/graphql",
    });
  });

  it("rejects a network that is neither a preset nor a URL, and an invalid module address", () => {
    expect(() => resolveNetwork({ network: "moonnet" })).toThrow(/moonnet/);
    expect(() => resolveNetwork({ network: "local", moduleAddress: "0xnothex" })).toThrow(
      /moduleAddress/,
    );
  });
});

describe("explorerTransactionUrl", () => {
  it("links the presets to the Aptos explorer, local included, and custom nodes nowhere", () => {
    expect(explorerTransactionUrl(NETWORK_PRESETS.testnet, "0xabc")).toBe(
      "https://explorer.aptoslabs.com/txn/0xabc?network=testnet",
    );
    // The explorer's `local` reads 127.0.0.1:8080, where the local preset's devnode is.
    expect(explorerTransactionUrl(NETWORK_PRESETS.local, "0xabc")).toBe(
      "https://explorer.aptoslabs.com/txn/0xabc?network=local",
    );
    const custom = resolveNetwork({ network: "http://127.0.0.1:9999/v1", moduleAddress: "0x1" });
    expect(explorerTransactionUrl(custom, "0xabc")).toBeUndefined();
  });
});
