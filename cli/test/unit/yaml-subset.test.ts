import { describe, expect, it } from "vitest";
import { parseYamlSubset } from "../../src/config/yaml-subset.js";

const APTOS_CONFIG = `---
profiles:
  default:
    network: Testnet
    private_key: "ed25519-priv-0x1111111111111111111111111111111111111111111111111111111111111111"
    public_key: "ed25519-pub-0x2222"
    account: 7a8f000000000000000000000000000000000000000000000000000000000001
    rest_url: "https://fullnode.testnet.aptoslabs.com"  # comment after a value
    faucet_url: 'https://faucet.testnet.aptoslabs.com'
  # a comment line
  local:
    network: Local
    rest_url: "http://localhost:8080"
`;

describe("parseYamlSubset", () => {
  it("reads the nested profiles of an Aptos CLI config", () => {
    const doc = parseYamlSubset(APTOS_CONFIG);
    expect(doc).toEqual({
      profiles: {
        default: {
          network: "Testnet",
          private_key:
            "ed25519-priv-0x1111111111111111111111111111111111111111111111111111111111111111",
          public_key: "ed25519-pub-0x2222",
          account: "7a8f000000000000000000000000000000000000000000000000000000000001",
          rest_url: "https://fullnode.testnet.aptoslabs.com",
          faucet_url: "https://faucet.testnet.aptoslabs.com",
        },
        local: { network: "Local", rest_url: "http://localhost:8080" },
      },
    });
  });

  it("keeps a # inside quotes and undoubles '' in single quotes", () => {
    expect(parseYamlSubset(`a: "x # y"\nb: 'it''s'\n`)).toEqual({ a: "x # y", b: "it's" });
  });

  it("reads a key with no value and no children as null", () => {
    expect(parseYamlSubset("a:\nb: 1\n")).toEqual({ a: null, b: "1" });
    expect(parseYamlSubset("a: ~\n")).toEqual({ a: null });
  });

  it("refuses sequences, flow collections and bad indentation instead of misreading them", () => {
    expect(() => parseYamlSubset("a: [1, 2]\n")).toThrow(/line 1/);
    expect(() => parseYamlSubset("a:\n  - x\n")).toThrow(/line 2/);
    expect(() => parseYamlSubset("a:\n    b: 1\n  c: 2\n")).toThrow(/indentation/);
    expect(() => parseYamlSubset('a: "open\n')).toThrow(/unterminated/);
    expect(() => parseYamlSubset("a: 1\na: 2\n")).toThrow(/duplicate/);
  });
});
