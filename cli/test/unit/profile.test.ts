import { describe, expect, it } from "vitest";
import { findAptosConfig, loadProfile, parseProfile } from "../../src/config/profile.js";
import { CliError } from "../../src/errors/cli-error.js";

const KEY = "ed25519-priv-0x1111111111111111111111111111111111111111111111111111111111111111";
const CONFIG = `profiles:
  default:
    network: Testnet
    private_key: "${KEY}"
    account: 7a8f000000000000000000000000000000000000000000000000000000000001
  mine:
    network: Custom
    rest_url: "http://10.0.0.5:8080/v1"
  broken:
    network: Custom
  odd:
    network: Moonnet
`;

function memoryFiles(files: Record<string, string>) {
  return {
    exists: (path: string) => path in files,
    read: (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    },
  };
}

describe("parseProfile", () => {
  it("maps a preset profile to network, module address and key", () => {
    expect(parseProfile({ text: CONFIG, name: "default", path: "c.yaml" })).toEqual({
      network: "testnet",
      moduleAddress: "7a8f000000000000000000000000000000000000000000000000000000000001",
      privateKey: KEY,
    });
  });

  it("uses the rest_url of a Custom profile as the network", () => {
    expect(parseProfile({ text: CONFIG, name: "mine", path: "c.yaml" })).toEqual({
      network: "http://10.0.0.5:8080/v1",
    });
  });

  it("names the known profiles when the requested one is missing", () => {
    expect(() => parseProfile({ text: CONFIG, name: "nope", path: "c.yaml" })).toThrow(
      /profile "nope" is not in c.yaml \(profiles: default, mine, broken, odd\)/,
    );
  });

  it("rejects a Custom profile without rest_url and an unknown network", () => {
    expect(() => parseProfile({ text: CONFIG, name: "broken", path: "c.yaml" })).toThrow(
      /no rest_url/,
    );
    expect(() => parseProfile({ text: CONFIG, name: "odd", path: "c.yaml" })).toThrow(/Moonnet/);
  });

  it("never repeats a value of the file in a parse error", () => {
    const text = `profiles:\n  default:\n    private_key: "${KEY}\n`;
    try {
      parseProfile({ text, name: "default", path: "c.yaml" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).kind).toBe("usage");
      expect((error as CliError).message).not.toContain("1111111111");
    }
  });
});

describe("findAptosConfig", () => {
  it("prefers the nearest .aptos/config.yaml from the working directory upward", () => {
    const files = memoryFiles({
      "/work/.aptos/config.yaml": "",
      "/work/project/.aptos/config.yaml": "",
      "/home/u/.aptos/config.yaml": "",
    });
    expect(findAptosConfig({ cwd: "/work/project/sub", home: "/home/u", files })).toBe(
      "/work/project/.aptos/config.yaml",
    );
    expect(findAptosConfig({ cwd: "/work/other", home: "/home/u", files })).toBe(
      "/work/.aptos/config.yaml",
    );
  });

  it("falls back to the home directory, then to nothing", () => {
    const files = memoryFiles({ "/home/u/.aptos/config.yaml": "" });
    expect(findAptosConfig({ cwd: "/srv/app", home: "/home/u", files })).toBe(
      "/home/u/.aptos/config.yaml",
    );
    expect(findAptosConfig({ cwd: "/srv/app", files: memoryFiles({}) })).toBeUndefined();
  });

  it("reports a missing config file as a usage error", () => {
    expect(() => loadProfile({ name: "default", cwd: "/srv", files: memoryFiles({}) })).toThrow(
      /no .aptos\/config.yaml/,
    );
  });

  it("loads the profile from the file it found", () => {
    const files = memoryFiles({ "/srv/.aptos/config.yaml": CONFIG });
    expect(loadProfile({ name: "mine", cwd: "/srv/app", files }).network).toBe(
      "http://10.0.0.5:8080/v1",
    );
  });
});
