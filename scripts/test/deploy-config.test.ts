// Issue 13, door 4: `npx wrangler deploy` of the top-level config deployed the devnode's world (a
// LEDGER binding to the devnode, its faucet behind it, the module address of a public key). These
// tests hold every config in this repository to the safe defaults README.md "Deploying safely"
// describes: the real dry-run output for the gateway, and each config as wrangler reads it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { exampleAgentConfigs, ROOT } from "../lib/stack.mjs";
import { parseJsonc, readWranglerConfig } from "../lib/wrangler-config.mjs";

const outDir = mkdtempSync(join(tmpdir(), "agentgate-deploy-config-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** `wrangler deploy --dry-run` exactly as a deployer runs it; its output without colours. */
function dryRun(config: string, extra: string[] = []): string {
  const result = spawnSync(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    [
      "deploy",
      "--dry-run",
      "--outdir",
      join(outDir, config.replaceAll("/", "_")),
      "-c",
      config,
      ...extra,
    ],
    {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0" },
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return stripVTControlCharacters(`${result.stdout}${result.stderr}`);
}

function read(config: string, env?: string) {
  return unstable_readConfig(
    { config: join(ROOT, config), ...(env === undefined ? {} : { env }) },
    {
      hideWarnings: true,
    },
  );
}

// The bindings table truncates long values, so the address is matched by a prefix.
const DEVNODE_ADDRESS_PREFIX = DEVNODE_MODULE_ADDRESS.slice(0, 24);

describe("the default deploy of the top-level wrangler.jsonc is a gateway for a real network", () => {
  it("prints no devnode binding, no faucet and no devnode module address", () => {
    const output = dryRun("wrangler.jsonc");
    expect(output).toContain("Your Worker has access to the following bindings");
    expect(output).not.toMatch(/env\.LEDGER\b/);
    expect(output).not.toContain("agentgate-ledger");
    expect(output).not.toMatch(/faucet|DEV_FAUCET|DEV_ADMIN/i);
    expect(output).not.toContain(DEVNODE_ADDRESS_PREFIX);
    expect(output).not.toContain('env.NETWORK ("local")');
  });

  it("reads as a real network with no devnode anywhere in its settings", () => {
    const config = read("wrangler.jsonc");
    const vars = config.vars as Record<string, string>;
    expect(["mainnet", "testnet", "devnet"]).toContain(vars.NETWORK);
    expect(vars.MODULE_ADDRESS?.toLowerCase()).not.toBe(DEVNODE_MODULE_ADDRESS);
    expect(config.services?.map((s: { service: string }) => s.service)).not.toContain(
      "agentgate-ledger",
    );
    expect(config.services?.map((s: { binding: string }) => s.binding)).not.toContain("LEDGER");
    expect(vars.AGENT_BINDINGS?.split(",")).not.toContain("LEDGER");
  });

  it("keeps the devnode for the local stack in its `local` environment", () => {
    const config = read("wrangler.jsonc", "local");
    const vars = config.vars as Record<string, string>;
    expect(vars.NETWORK).toBe("local");
    expect(vars.MODULE_ADDRESS).toBe(DEVNODE_MODULE_ADDRESS);
    expect(config.services).toContainEqual(
      expect.objectContaining({ binding: "LEDGER", service: "agentgate-ledger" }),
    );
    // Wrangler environments inherit no bindings: the Durable Objects must be repeated.
    expect(config.durable_objects.bindings.map((b: { name: string }) => b.name).sort()).toEqual([
      "CLAIMS",
      "OPERATOR_ACCOUNT",
      "OUTCOME_REPORTER",
      "PROCESS_INDEX",
      "RUNS",
    ]);
  });
});

describe("agents and the devnode are not public by default", () => {
  for (const config of ["workers/agent/wrangler.jsonc", ...exampleAgentConfigs()]) {
    it(`${config} is not on workers.dev`, () => {
      const read_ = read(config);
      expect(read_.workers_dev).toBe(false);
      expect(read_.preview_urls).not.toBe(true);
    });
  }

  it("the devnode is not on workers.dev and its faucet, admin functions and clock are off", () => {
    const config = read("workers/ledger/wrangler.jsonc");
    expect(config.workers_dev).toBe(false);
    const vars = config.vars as Record<string, string>;
    for (const name of ["DEV_FAUCET", "DEV_ADMIN", "DEV_CLOCK"]) {
      expect(vars[name], name).not.toBe("true");
    }
  });
});

describe("the local stack's own JSONC reader (scripts/lib/wrangler-config.mjs)", () => {
  it("reads every config as wrangler reads it: name, environments, vars", () => {
    const configs = [
      "wrangler.jsonc",
      "workers/ledger/wrangler.jsonc",
      "workers/agent/wrangler.jsonc",
      ...exampleAgentConfigs(),
    ];
    for (const config of configs) {
      const ours = readWranglerConfig(join(ROOT, config));
      const theirs = read(config);
      expect(ours.name, config).toBe(theirs.name);
      expect(ours.vars ?? {}, config).toEqual(theirs.vars);
      for (const [env, settings] of Object.entries(ours.env ?? {})) {
        expect(settings.vars ?? {}, `${config} env ${env}`).toEqual(read(config, env).vars);
      }
    }
  });

  it("keeps comment markers and commas inside strings and drops trailing commas", () => {
    const text = `// head\n{ "a": "x // y, ]", /* b */ "b": [1, 2,], "c": "q\\"/*",\n}`;
    expect(parseJsonc(text)).toEqual({ a: "x // y, ]", b: [1, 2], c: 'q"/*' });
    expect(() => parseJsonc('{ "a": 1 /* open')).toThrow(SyntaxError);
  });
});
