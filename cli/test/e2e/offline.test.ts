/**
 * The built CLI without a ledger: help, usage errors, validation before anything is signed,
 * exit codes, settings precedence through a real profile file, and that keys never leak.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNewJson, errorJson } from "./support/cli-schemas.js";
import { expectFailure, jsonResult } from "./support/json-output.js";
import { CLI_PATH, ensureCliBuilt, runCli } from "./support/run-cli.js";

const KEY = `0x${"5e".repeat(32)}`;
const KEY_HEX = "5e".repeat(32);
// Nothing listens on port 9: every ledger or gateway call fails as unreachable.
const DEAD_NODE = "http://127.0.0.1:9/v1";
const MODULE = "0xfee0f52c085bea4b899ea93e0e6c2e517ce4dd368204e0b3872646922aa2bb4f";

let dir: string;

const leaks = (text: string) => text.toLowerCase().includes(KEY_HEX);

/** A message of the SDK's AptosConfig: present wherever the SDK is. */
const SDK_MARKER = "Custom endpoints require a network to be specified";

/** The text of a bundle file and every file it imports statically (dynamic import() is not followed). */
function staticallyLoaded(start: string): string {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /(?:^|[;\s}])(?:import|export)\b[^"'()]*?from\s*"(\.[^"]+)"/g,
    )) {
      visit(join(dirname(file), match[1] ?? ""));
    }
  };
  visit(start);
  expect(seen.size).toBeGreaterThan(1);
  return [...seen].map((file) => readFileSync(file, "utf8")).join("\n");
}

beforeAll(async () => {
  await ensureCliBuilt();
  dir = mkdtempSync(join(tmpdir(), "agentgate-cli-offline-"));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("help and usage", () => {
  it("lists every command in --help and exits 0", async () => {
    const result = await runCli(["--help"]);
    expect(result.code).toBe(0);
    for (const command of [
      "register",
      "update",
      "deregister",
      "list",
      "get-process",
      "schema",
      "run",
      "pay",
      "verify-payment",
      "create-workflow",
      "add-task",
      "release",
      "refund",
      "cancel",
      "settle",
      "payment",
      "task-status",
      "approve",
      "workflow",
      "balance",
      "fund",
      "account",
      "logs",
      "a2a",
    ]) {
      expect(result.stdout).toMatch(new RegExp(`\\b${command}\\b`));
    }
  });

  it("shows a command's options, short flags and defaults", async () => {
    const result = await runCli(["add-task", "--help"]);
    expect(result.code).toBe(0);
    for (const option of [
      "--workflow",
      "--task",
      "--name",
      "--description",
      "--assignee",
      "--requester",
      "--process",
      "--dependencies",
      "-p, --private-key",
      "-m, --module-address",
      "-n, --network",
    ]) {
      expect(result.stdout).toContain(option);
    }
    const account = await runCli(["account", "new", "--help"]);
    expect(account.stdout).toContain("--out");
  });

  it("loads no ledger SDK code for --help: the entry's static imports stay small", () => {
    const loaded = staticallyLoaded(CLI_PATH);
    // A message from the SDK's AptosConfig, and zod's error map: neither may be in the help path.
    expect(loaded).not.toContain(SDK_MARKER);
    expect(loaded).not.toContain("Invalid input: expected");
    expect(loaded.length).toBeLessThan(100_000);
  });

  /** The text a command's chunk loads statically, found through the command table's lazy import. */
  const commandLoads = (name: string) => {
    // Wherever the bundler puts the table (the entry or a chunk of its own), its import is here.
    const chunk = new RegExp(`import\\("\\./(?:chunks/)?(${name}-[A-Za-z0-9]+\\.mjs)"\\)`).exec(
      staticallyLoaded(CLI_PATH),
    )?.[1];
    expect(chunk).toBeDefined();
    return staticallyLoaded(join(dirname(CLI_PATH), "chunks", chunk ?? ""));
  };

  it("loads no ledger SDK code for pay: its chunk and what it imports stay clear of the SDK", () => {
    const loaded = commandLoads("pay");
    expect(loaded).toContain("make_payment");
    expect(loaded).not.toContain(SDK_MARKER);
    // The SDK's keyless accounts build BN254 constants when loaded; the global fetch (and
    // Headers) would load undici, Node's fetch.
    expect(loaded).not.toContain("bn254");
    expect(loaded).not.toMatch(/(?<![.\w])fetch\(/);
    expect(loaded).not.toMatch(/new Headers\b/);
  });

  it("loads no ledger SDK code for run, paid or free: address, payment and caller proof without it", () => {
    const loaded = commandLoads("run");
    expect(loaded).toContain("AGENTGATE-CALLER-PROOF-V2");
    expect(loaded).not.toContain(SDK_MARKER);
    expect(loaded).not.toContain("bn254");
    // --pay's part (x402's codecs and the payment) is loaded only with --pay.
    expect(loaded).not.toContain("PAYMENT-SIGNATURE");
    const payChunk = /import\("\.\/(run-pay-and-run-[A-Za-z0-9]+\.mjs)"\)/.exec(loaded)?.[1];
    expect(payChunk).toBeDefined();
    const paid = staticallyLoaded(join(dirname(CLI_PATH), "chunks", payChunk ?? ""));
    expect(paid).toContain("make_payment");
    expect(paid).toContain("PAYMENT-SIGNATURE");
    expect(paid).not.toContain(SDK_MARKER);
    expect(paid).not.toContain("bn254");
  });

  it("loads the A2A SDK for a2a send only, once its arguments are checked", () => {
    // A class name of the A2A SDK's client, which the bundle keeps.
    const a2aSdk = "ClientFactory";
    expect(staticallyLoaded(CLI_PATH)).not.toContain(a2aSdk);
    expect(commandLoads("run")).not.toContain(a2aSdk);
    // The `a2a` chunk only names its subcommand (it imports nothing statically).
    const parent = /import\("\.\/(?:chunks\/)?(a2a-[A-Za-z0-9]+\.mjs)"\)/.exec(
      staticallyLoaded(CLI_PATH),
    )?.[1];
    const parentText = readFileSync(join(dirname(CLI_PATH), "chunks", parent ?? ""), "utf8");
    const send = /import\("\.\/(a2a-send-[A-Za-z0-9]+\.mjs)"\)/.exec(parentText)?.[1];
    expect(send).toBeDefined();
    const command = staticallyLoaded(join(dirname(CLI_PATH), "chunks", send ?? ""));
    expect(command).not.toContain(a2aSdk);
    const sender = /import\("\.\/(send-a2a-[A-Za-z0-9]+\.mjs)"\)/.exec(command)?.[1];
    expect(sender).toBeDefined();
    expect(staticallyLoaded(join(dirname(CLI_PATH), "chunks", sender ?? ""))).toContain(a2aSdk);
  });

  it("prints the version", async () => {
    const result = await runCli(["--version"]);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("exits 2 with usage on stderr when no command is given", async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("USAGE");
  });

  it("exits 2 on an unknown command or a missing required option", async () => {
    expectFailure(await runCli(["launch"]), 2, /unknown command "launch"/);
    expectFailure(await runCli(["pay", "-a", "1"]), 2, /Missing required argument: --id/);
    expectFailure(await runCli(["account"]), 2, /needs a subcommand/);
  });
});

describe("validation before anything is signed", () => {
  const ledger = ["-n", DEAD_NODE, "-m", MODULE, "-p", KEY];

  it.each([
    [["pay", "-i", "p1", "-a", "1.5"], /--amount "1.5"/],
    [["pay", "-i", "p1", "-a", "18446744073709551616"], /--amount .*u64/],
    [["pay", "-i", "bad id!", "-a", "1"], /--id "bad id!"/],
    [
      [
        "register",
        "--name",
        "n",
        "--url",
        "https://x",
        "--requires-prepayment",
        "yes",
        "--task-price",
        "1",
      ],
      /must be true or false/,
    ],
    [["register", "--name", "n", "--url", "https://x", "--status", "paused"], /--status "paused"/],
    [["register", "--name", "n", "--url", "ftp://x"], /--url "ftp:\/\/x": must start with/],
    [
      ["register", "--name", "n", "--url", "https://x", "--agents", "0x1,nope"],
      /--agents "nope": invalid address/,
    ],
    [
      ["register", "--name", "n", "--url", "https://x", "--currency", "USD", "--task-price", "5"],
      /only APT/,
    ],
    [["register", "--url", "https://x"], /--name is required/],
    [["verify-payment", "-i", "p1", "-u", "0xnothex"], /--user "0xnothex": invalid address/],
    [["run", "-i", "p1", "--priority", "4"], /--priority/],
    [["run", "-i", "p1", "-d", "{not json"], /--data: not valid JSON/],
    [["run", "-i", "p1", "-d", "[1,2]"], /--data/],
    [["run", "-i", "p1", "--pay"], /--amount is required with --pay/],
    [["run", "-i", "p1", "--amount", "5"], /--amount is only used with --pay/],
    [["task-status", "-w", "w", "-t", "t", "-s", "approved"], /use agentgate approve/],
    [["task-status", "-w", "w", "-t", "t", "-s", "done"], /--status "done"/],
    [
      ["add-task", "--workflow", "w", "--task", "t", "--name", "n", "--dependencies", "t"],
      /cannot depend on itself/,
    ],
    [["update", "-i", "p1"], /nothing to update/],
  ])("refuses %j with exit 2 before contacting the ledger", async (args, pattern) => {
    const result = await runCli([...args, ...ledger]);
    expectFailure(result, 2, pattern);
    expect(result.stdout).toBe("");
  });

  it("rejects a --config file with an unknown key or a bad value", async () => {
    const typo = join(dir, "typo.json");
    writeFileSync(typo, JSON.stringify({ name: "n", url: "https://x", prise: "1" }));
    expectFailure(
      await runCli(["register", "-c", typo, ...ledger]),
      2,
      /--config .*typo.json: file: Unrecognized key/,
    );
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({ name: "n", url: "https://x", pricing: { taskPrice: "-1" } }),
    );
    expectFailure(await runCli(["register", "-c", bad, ...ledger]), 2, /pricing\.taskPrice/);
    expectFailure(
      await runCli(["register", "-c", join(dir, "none.json"), ...ledger]),
      2,
      /cannot read file/,
    );
  });

  it("explains how to set the module address on a public network", async () => {
    const result = await runCli(["pay", "-i", "p1", "-a", "1", "-p", KEY]);
    expectFailure(
      result,
      2,
      /no module address for network testnet: pass -m\/--module-address or set APTOS_MODULE_ADDRESS, or use -n local/,
    );
  });

  it("refuses the faucet on testnet and mainnet", async () => {
    expectFailure(await runCli(["fund", "0x1", "-n", "testnet"]), 2, /not on testnet/);
  });

  it("asks for a key when a command signs and none is given", async () => {
    expectFailure(
      await runCli(["pay", "-i", "p1", "-a", "1", "-n", DEAD_NODE, "-m", MODULE]),
      2,
      /-p\/--private-key/,
    );
  });
});

describe("exit codes and error output", () => {
  it("exits 4 with one line when the ledger is unreachable", async () => {
    expectFailure(
      await runCli(["balance", "0x1", "-n", DEAD_NODE]),
      4,
      /^error: Ledger node unreachable at http:\/\/127.0.0.1:9/,
    );
  });

  it("exits 4 when the gateway is unreachable", async () => {
    const result = await runCli([
      "logs",
      "-i",
      "p1",
      "-x",
      "tx1",
      "--gateway",
      "http://127.0.0.1:9",
    ]);
    expectFailure(result, 4, /gateway unreachable at http:\/\/127.0.0.1:9/);
  });

  it("writes errors as JSON on stderr with --json and leaves stdout empty", async () => {
    const result = await runCli(["balance", "0x1", "-n", DEAD_NODE, "--json"]);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe("");
    expect(errorJson.parse(JSON.parse(result.stderr))).toMatchObject({ kind: "unreachable" });
  });

  it("shows a stack only with --verbose", async () => {
    const quiet = await runCli(["balance", "0x1", "-n", DEAD_NODE]);
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const verbose = await runCli(["balance", "0x1", "-n", DEAD_NODE, "--verbose"]);
    expect(verbose.code).toBe(4);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });
});

describe("keys never appear in output", () => {
  it("keeps the key out of errors from a signing command, with and without --verbose", async () => {
    for (const extra of [[], ["--verbose"], ["--json"]]) {
      const result = await runCli([
        "pay",
        "-i",
        "p1",
        "-a",
        "1",
        "-n",
        DEAD_NODE,
        "-m",
        MODULE,
        "-p",
        KEY,
        ...extra,
      ]);
      expect(result.code).toBe(4);
      expect(leaks(result.stdout + result.stderr)).toBe(false);
    }
  });

  it("keeps a malformed key out of its error message", async () => {
    const almost = `0x${"5e".repeat(31)}5`;
    const result = await runCli([
      "pay",
      "-i",
      "p1",
      "-a",
      "1",
      "-n",
      DEAD_NODE,
      "-m",
      MODULE,
      "-p",
      almost,
    ]);
    expectFailure(result, 2, /from --private-key is not an Ed25519 key/);
    expect(result.stderr).not.toContain("5e5e5e");
  });

  it("keeps an APTOS_PRIVATE_KEY from the environment out of --verbose output", async () => {
    const result = await runCli(["balance", "-n", DEAD_NODE, "--verbose"], {
      env: { APTOS_PRIVATE_KEY: KEY },
    });
    expect(result.stderr).toContain("private key: from APTOS_PRIVATE_KEY");
    expect(leaks(result.stdout + result.stderr)).toBe(false);
  });
});

describe("settings precedence through a real .aptos/config.yaml", () => {
  it("takes network and key from --profile, and a flag over the profile", async () => {
    const project = join(dir, "project");
    mkdirSync(join(project, ".aptos"), { recursive: true });
    mkdirSync(join(project, "sub"), { recursive: true });
    writeFileSync(
      join(project, ".aptos", "config.yaml"),
      `---\nprofiles:\n  dev:\n    network: Custom\n    private_key: "ed25519-priv-${KEY}"\n    account: 0x${"ab".repeat(32)}\n    rest_url: "http://127.0.0.1:9/v1"\n`,
    );
    const fromProfile = await runCli(["balance", "--profile", "dev", "--verbose"], {
      cwd: join(project, "sub"),
      env: { APTOS_NETWORK: "http://127.0.0.1:7/v1" },
    });
    expect(fromProfile.code).toBe(4);
    expect(fromProfile.stderr).toContain("network: custom http://127.0.0.1:9/v1 (from profile)");
    expect(fromProfile.stderr).toContain("private key: from profile");
    expect(leaks(fromProfile.stderr)).toBe(false);

    const flagWins = await runCli(
      ["balance", "--profile", "dev", "-n", "http://127.0.0.1:8/v1", "--verbose"],
      {
        cwd: join(project, "sub"),
      },
    );
    expect(flagWins.stderr).toContain("network: custom http://127.0.0.1:8/v1 (from flag)");

    const missing = await runCli(["balance", "--profile", "nope"], { cwd: project });
    expectFailure(missing, 2, /profile "nope" is not in .*\(profiles: dev\)/);
  });

  it("takes APTOS_NETWORK over LEDGER_NETWORK", async () => {
    const result = await runCli(["balance", "0x1", "--verbose"], {
      env: { APTOS_NETWORK: "http://127.0.0.1:9/v1", LEDGER_NETWORK: "http://127.0.0.1:8/v1" },
    });
    expect(result.stderr).toContain("(from APTOS_NETWORK)");
    const ledgerOnly = await runCli(["balance", "0x1", "--verbose"], {
      env: { LEDGER_NETWORK: "http://127.0.0.1:8/v1" },
    });
    expect(ledgerOnly.stderr).toContain("http://127.0.0.1:8/v1 (from LEDGER_NETWORK)");
  });
});

describe("account new", () => {
  it("prints an address and writes no key without --out", async () => {
    const result = await runCli(["account", "new", "--json"]);
    const body = jsonResult(result, accountNewJson);
    expect(body.keyFile).toBeUndefined();
    expect(result.stdout).not.toMatch(/priv/);
  });

  it("writes the key to a new file with mode 600 and never overwrites one", async () => {
    const path = join(dir, "key");
    const result = await runCli(["account", "new", "--out", path]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/address\s+0x[0-9a-f]{64}/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const key = readFileSync(path, "utf8").trim();
    expect(key).toMatch(/^ed25519-priv-0x[0-9a-f]{64}$/);
    expect(result.stdout + result.stderr).not.toContain(key.slice(-64));
    expectFailure(await runCli(["account", "new", "--out", path]), 2, /already exists/);
    expect(readFileSync(path, "utf8").trim()).toBe(key);
  });
});
