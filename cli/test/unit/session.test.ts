import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openSession } from "../../src/runtime/session.js";

const VARS = [
  "APTOS_NETWORK",
  "APTOS_MODULE_ADDRESS",
  "APTOS_PRIVATE_KEY",
  "LEDGER_NETWORK",
  "LEDGER_MODULE_ADDRESS",
  "LEDGER_PRIVATE_KEY",
];
// Cleared for each test (a developer's shell may set them) and restored after it.
beforeEach(() => {
  for (const name of VARS) vi.stubEnv(name, undefined);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("openSession", () => {
  it("refuses a public network without a module address, saying how to set one", () => {
    expect(() => openSession({ json: true })).toThrow(
      "no module address for network testnet: pass -m/--module-address or set APTOS_MODULE_ADDRESS, or use -n local for the local devnode on port 8080 (on other ports, the export lines npm start prints)",
    );
  });

  it("points a devnode on another port at its module address, not at -n local (port 8080)", () => {
    const error = () => openSession({ network: "http://127.0.0.1:9080/v1", json: true });
    expect(error).toThrow(
      "no module address for network http://127.0.0.1:9080/v1: pass -m/--module-address or set APTOS_MODULE_ADDRESS (the local devnode's is 0xfee0f52c085bea4b899ea93e0e6c2e517ce4dd368204e0b3872646922aa2bb4f; npm start prints it)",
    );
    expect(error).not.toThrow(/-n local/);
  });

  it("names no devnode for a node elsewhere", () => {
    expect(() => openSession({ network: "https://fullnode.example.com/v1", json: true })).toThrow(
      /^no module address for network https:\/\/fullnode\.example\.com\/v1: pass -m\/--module-address or set APTOS_MODULE_ADDRESS$/,
    );
  });

  it("knows the devnode's module address on local", () => {
    expect(openSession({ network: "local", json: true }).network.moduleAddress).toMatch(
      /^0xfee0f52c/,
    );
  });

  it("links transactions to the explorer on preset networks (local too), never on a custom node", () => {
    const testnet = openSession({ network: "testnet", "module-address": "0x1", json: true });
    expect(testnet.transaction("0xabc")).toEqual({
      transactionHash: "0xabc",
      explorerUrl: "https://explorer.aptoslabs.com/txn/0xabc?network=testnet",
    });
    expect(openSession({ network: "local", json: true }).transaction("0xabc")).toEqual({
      transactionHash: "0xabc",
      explorerUrl: "https://explorer.aptoslabs.com/txn/0xabc?network=local",
    });
    const custom = openSession({
      network: "http://127.0.0.1:9999/v1",
      "module-address": "0x1",
      json: true,
    });
    expect(custom.transaction("0xabc")).toEqual({ transactionHash: "0xabc" });
  });

  it("reads the module address from LEDGER_MODULE_ADDRESS when no APTOS_ one is set", () => {
    vi.stubEnv("LEDGER_MODULE_ADDRESS", "0x2");
    const session = openSession({ network: "devnet", json: true });
    expect(session.network.moduleAddress).toBe(`0x${"0".repeat(63)}2`);
    expect(session.settings.moduleAddress?.source).toBe("LEDGER_MODULE_ADDRESS");
  });

  it("asks for a key only when a command signs", () => {
    const session = openSession({ network: "local", json: true });
    expect(() => session.transactionSigner()).toThrow(/-p\/--private-key/);
  });
});
