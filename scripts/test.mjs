#!/usr/bin/env node
// The one test command (npm test): lint, typecheck, build the CLI, every vitest project, a
// dry-run deploy of every Worker, and the Move unit tests when an aptos binary is installed.
// Stops at the first failing step; ends with one summary line of the vitest results and one of
// the schemathesis run against the gateway.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const bin = (name) => join("node_modules", ".bin", name);

function run(label, cmd, args, { quiet = false } = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { stdio: quiet ? "pipe" : "inherit", encoding: "utf8" });
  if (result.status !== 0) {
    if (quiet) process.stdout.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The path of a real `aptos` binary, or undefined. node_modules/.bin is skipped: the ts-sdk pulls in
 * @aptos-labs/aptos-cli, a wrapper that tries to download the binary from GitHub (and exits 0
 * when it cannot), and `npm test` puts node_modules/.bin on PATH.
 */
function aptosBinary() {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (!dir || dir.split(/[\\/]/).includes("node_modules")) continue;
    const candidate = join(dir, "aptos");
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ["--version"], { encoding: "utf8" });
    if (version.status === 0 && /aptos/i.test(version.stdout)) return candidate;
  }
  return undefined;
}

/**
 * The root tsconfig (shared/), one per Worker (each sees only its own generated Env), the CLI's and
 * the console's (browser code).
 */
function tsconfigs() {
  const perWorker = readdirSync("workers")
    .map((name) => join("workers", name, "tsconfig.json"))
    .filter((path) => existsSync(path));
  return ["tsconfig.json", ...perWorker, "cli/tsconfig.json", "console/tsconfig.json"];
}

/** Every wrangler config of a Worker in this repository: the gateway's at the top, the rest below workers/. */
function wranglerConfigs() {
  const configs = existsSync("wrangler.jsonc") ? ["wrangler.jsonc"] : [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^wrangler(\.[\w-]+)?\.jsonc?$/.test(entry.name)) configs.push(path);
    }
  };
  walk("workers");
  return configs;
}

run("lint (biome)", bin("biome"), ["check", "."]);
for (const project of tsconfigs()) {
  run(`typecheck (${project})`, bin("tsc"), ["--noEmit", "-p", project]);
}
if (process.argv.includes("--typecheck-only")) process.exit(0);
if (existsSync("cli/build.mjs")) run("build cli", process.execPath, ["cli/build.mjs"]);

const report = join(mkdtempSync(join(tmpdir(), "agentgate-test-")), "vitest.json");
run("vitest (every project)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
]);

const outDir = mkdtempSync(join(tmpdir(), "agentgate-dry-run-"));
for (const config of wranglerConfigs()) {
  run(
    `wrangler deploy --dry-run (${config})`,
    bin("wrangler"),
    [
      "deploy",
      "--dry-run",
      "--config",
      config,
      "--outdir",
      join(outDir, config.replaceAll("/", "_")),
    ],
    { quiet: true },
  );
}

const aptos = aptosBinary();
if (aptos) {
  run(`aptos move test (${aptos})`, aptos, ["move", "test", "--package-dir", "move", "--dev"]);
} else {
  console.log("\nMove unit tests skipped: no aptos binary is installed (see move/README.md).");
}

/**
 * The one-line result of the schemathesis run against the gateway, which its test
 * (scripts/test/schemathesis.test.ts) leaves in its meta in vitest's JSON report.
 */
function schemathesisLine(results) {
  for (const file of results.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (typeof test.meta?.schemathesis === "string") return test.meta.schemathesis;
    }
  }
  return "Schemathesis: no result (scripts/test/schemathesis.test.ts did not run)";
}

const results = JSON.parse(readFileSync(report, "utf8"));
const passed = results.numPassedTests ?? 0;
const failed = results.numFailedTests ?? 0;
const skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
console.log(schemathesisLine(results));
process.exit(failed === 0 ? 0 : 1);
