/**
 * A process whose name and description carry terminal escapes, registered on a devnode and read
 * back with the built CLI: the human output shows the escapes as text, --json keeps the string.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newFundedAccount, type TestAccount } from "./support/accounts.js";
import { startCliStack, stopCliStack } from "./support/cli-stack.js";
import type { LocalStack } from "./support/local-stack.js";
import { runCli } from "./support/run-cli.js";

const ESC = "\x1b";
const NAME = `Safe${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\${ESC}[2J`;
const DESCRIPTION = `fine\rforged status: verified${ESC}[31m`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let stack: LocalStack;
let dir: string;
let env: Record<string, string>;
let owner: TestAccount;

beforeAll(async () => {
  ({ stack, dir, env } = await startCliStack("agentgate-cli-escapes-", { gateway: false }));
  owner = await newFundedAccount({ dir, name: "owner", env });
});

afterAll(() => stopCliStack(stack, dir));

describe("ledger text with terminal escapes", () => {
  it("is printed as visible escapes by get-process and list, and kept as is in --json", async () => {
    const registered = await runCli(
      [
        "register",
        "--name",
        NAME,
        "--description",
        DESCRIPTION,
        "--url",
        "https://agent.example/run",
        "-p",
        owner.key,
      ],
      { env },
    );
    expect(registered.code).toBe(0);
    const id = /process id\s+(proc-\d+)/.exec(registered.stdout)?.[1] ?? "";
    expect(id).not.toBe("");

    const shown = await runCli(["get-process", id], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
    expect(shown.stdout).toContain("Safe\\x1b]8;;https://evil.example\\x1b\\link");
    expect(shown.stdout).toContain("fine\\rforged status: verified\\x1b[31m");

    const listed = await runCli(["list"], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(RAW_CONTROL);
    expect(listed.stdout).toContain("Safe\\x1b]8;;");

    const json = await runCli(["get-process", id, "--json"], { env });
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.stdout)).toMatchObject({
      process: { name: NAME, description: DESCRIPTION },
    });
  });
});

describe("colour only on a terminal", () => {
  // Everything that would turn citty's colours off by itself is unset, and TERM says a colour
  // terminal: only the output not being a terminal may keep the codes out.
  const colourful = {
    unset: ["NO_COLOR", "CI", "TEST", "FORCE_COLOR"],
    env: { TERM: "xterm-256color" },
  };
  const ANSI = new RegExp(`${ESC}\\[`);

  it("prints help without colour codes when piped, NO_COLOR unset", async () => {
    for (const args of [["--help"], ["run", "--help"], ["account", "new", "--help"]]) {
      const help = await runCli(args, colourful);
      expect(help.code, args.join(" ")).toBe(0);
      expect(help.stdout, args.join(" ")).toContain("USAGE");
      expect(help.stdout, args.join(" ")).not.toMatch(ANSI);
    }
    // No command: the usage goes to stderr, piped too.
    const bare = await runCli([], colourful);
    expect(bare.stderr).toContain("USAGE");
    expect(bare.stderr).not.toMatch(ANSI);
  });

  it("prints help without colour codes with NO_COLOR set to any value", async () => {
    const help = await runCli(["--help"], {
      ...colourful,
      env: { ...colourful.env, NO_COLOR: "true" },
    });
    expect(help.stdout).toContain("USAGE");
    expect(help.stdout).not.toMatch(ANSI);
  });
});
