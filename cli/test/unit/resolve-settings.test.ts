import { describe, expect, it } from "vitest";
import { resolveSettings } from "../../src/config/resolve-settings.js";

const profile = {
  network: "devnet",
  moduleAddress: "0xprofile",
  privateKey: "profile-key-0123456789",
};
const env = {
  APTOS_NETWORK: "mainnet",
  LEDGER_NETWORK: "local",
  APTOS_MODULE_ADDRESS: "0xaptos",
  LEDGER_MODULE_ADDRESS: "0xledger",
  APTOS_PRIVATE_KEY: "aptos-key-0123456789",
  LEDGER_PRIVATE_KEY: "ledger-key-0123456789",
};

describe("resolveSettings", () => {
  it("takes a flag over everything else", () => {
    const s = resolveSettings({
      flags: { network: "local", moduleAddress: "0xflag", privateKey: "flag-key-0123456789" },
      profile,
      env,
    });
    expect(s.network).toEqual({ value: "local", source: "flag" });
    expect(s.moduleAddress).toEqual({ value: "0xflag", source: "flag" });
    expect(s.privateKey).toEqual({ value: "flag-key-0123456789", source: "flag" });
  });

  it("takes the profile over the environment", () => {
    const s = resolveSettings({ flags: {}, profile, env });
    expect(s.network.source).toBe("profile");
    expect(s.moduleAddress?.value).toBe("0xprofile");
    expect(s.privateKey?.value).toBe("profile-key-0123456789");
  });

  it("takes APTOS_* over LEDGER_*", () => {
    const s = resolveSettings({ flags: {}, env });
    expect(s.network).toEqual({ value: "mainnet", source: "APTOS_NETWORK" });
    expect(s.moduleAddress?.source).toBe("APTOS_MODULE_ADDRESS");
    expect(s.privateKey?.source).toBe("APTOS_PRIVATE_KEY");
  });

  it("uses LEDGER_* when no APTOS_* is set", () => {
    const s = resolveSettings({
      flags: {},
      env: {
        LEDGER_NETWORK: "local",
        LEDGER_MODULE_ADDRESS: "0xledger",
        LEDGER_PRIVATE_KEY: "ledger-key-0123456789",
      },
    });
    expect(s.network).toEqual({ value: "local", source: "LEDGER_NETWORK" });
    expect(s.moduleAddress?.value).toBe("0xledger");
    expect(s.privateKey?.source).toBe("LEDGER_PRIVATE_KEY");
  });

  it("defaults to testnet with no module address and no key", () => {
    const s = resolveSettings({ flags: {}, env: {} });
    expect(s).toEqual({ network: { value: "testnet", source: "default" } });
  });

  it("treats empty flags and variables as unset", () => {
    const s = resolveSettings({
      flags: { network: "" },
      env: { APTOS_NETWORK: " ", LEDGER_NETWORK: "devnet" },
    });
    expect(s.network).toEqual({ value: "devnet", source: "LEDGER_NETWORK" });
  });

  it("lower-cases preset names but keeps a URL as written", () => {
    expect(resolveSettings({ flags: { network: "Testnet" }, env: {} }).network.value).toBe(
      "testnet",
    );
    expect(
      resolveSettings({ flags: { network: "http://Host:8080/v1" }, env: {} }).network.value,
    ).toBe("http://Host:8080/v1");
  });

  it("resolves each setting on its own, so a profile without a key leaves the key to the env", () => {
    const s = resolveSettings({ flags: {}, profile: { network: "local" }, env });
    expect(s.network.source).toBe("profile");
    expect(s.privateKey?.source).toBe("APTOS_PRIVATE_KEY");
  });
});
