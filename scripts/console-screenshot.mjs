#!/usr/bin/env node
// Renders the console with headless Chromium against a local stack of its own, offline, with the
// example agents' processes registered by their owner through the CLI, and saves a screenshot of
// Explore (docs/img/console-explore.png by default; README.md and docs/console.md show it).
//   node scripts/console-screenshot.mjs [out.png] [#fragment]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium, screenshot } from "./lib/headless-chromium.mjs";
import { ROOT, startLocalStack } from "./lib/stack.mjs";

const out = process.argv[2] ?? join(ROOT, "docs", "img", "console-explore.png");
const fragment = process.argv[3] ?? "";
const CLI = join(ROOT, "cli", "dist", "agentgate.mjs");

/** The example agents' processes, as their owner would register them (one free, one paid). */
const EXAMPLES = [
  ["echo", "Echo", "Answers with the data it was given", "ECHO_AGENT", ["demo"], "0"],
  [
    "slow-report",
    "Slow report",
    "Writes a short report, one step a second",
    "SLOW_REPORT_AGENT",
    ["demo", "reports"],
    "0",
  ],
  [
    "text-stats",
    "Text statistics",
    "Counts words and sentences and scores readability",
    "TEXT_STATS_AGENT",
    ["text"],
    "1000",
  ],
  [
    "json-transform",
    "JSON transformer",
    "Picks, renames and reshapes JSON",
    "JSON_TRANSFORM_AGENT",
    ["json"],
    "0",
  ],
];

const binary = findChromium();
if (binary === null) {
  console.error("console-screenshot: no chromium on PATH (Debian: apt-get install -y chromium)");
  process.exit(1);
}
if (!existsSync(CLI))
  spawnSync(process.execPath, [join(ROOT, "cli", "build.mjs")], { stdio: "inherit" });
const stack = await startLocalStack();
const dir = mkdtempSync(join(tmpdir(), "agentgate-console-screenshot-"));
try {
  const ownerKey = readFileSync(stack.keys.examplesOwner.keyFile, "utf8").trim();
  const env = {
    ...process.env,
    APTOS_NETWORK: stack.ledgerUrl,
    APTOS_MODULE_ADDRESS: stack.moduleAddress,
  };
  for (const [id, name, description, binding, tags, price] of EXAMPLES) {
    const config = {
      id,
      name,
      description,
      tags,
      url: `service://${binding}`,
      agents: [stack.keys.operator.address],
    };
    if (price !== "0")
      config.pricing = { taskPrice: price, currency: "APT", requiresPrepayment: true };
    const file = join(dir, `${id}.json`);
    writeFileSync(file, JSON.stringify(config));
    const registered = spawnSync(process.execPath, [CLI, "register", "-c", file, "-p", ownerKey], {
      env,
      encoding: "utf8",
    });
    if (registered.status !== 0) throw new Error(`register ${id}: ${registered.stderr}`);
  }
  const url = `${stack.gatewayUrl}/console${fragment}`;
  screenshot({ binary, url, file: out, width: 1280, height: 1200 });
  console.log(`console-screenshot: ${url} -> ${out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await stack.stop();
}
