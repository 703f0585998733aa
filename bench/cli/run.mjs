#!/usr/bin/env node
// CLI start-up and end-to-end benchmark (not part of npm test):
//   node bench/cli/run.mjs [--runs N]
// 1. cold `agentgate --help`: a fresh Node process each time (target <= 150 ms median);
// 2. `agentgate pay` end to end on a devnode started here: simulate, sign, submit, wait for commit
//    (target <= 400 ms median).
// Prints the median, min and max wall time of each, the median CPU time (user + system, from
// /usr/bin/time when present: the figure a busy machine inflates least), Node's own empty
// start-up for reference, and the machine's load average; when NODE_EXTRA_CA_CERTS is set, every
// figure again without it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalStack } from "../../scripts/lib/stack.mjs";
import { benchOptions } from "../options.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const cli = join(root, "cli", "dist", "agentgate.mjs");
const { runs } = benchOptions({ integers: { runs: { fallback: 9 } } });

const TIME = "/usr/bin/time";
const canTime = existsSync(TIME);
let timeFile;

function run(args, env = {}, base = process.env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const [command, argv] = canTime
      ? [TIME, ["-o", timeFile, "-f", "%U %S", process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, argv, {
      env: { ...base, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => {
      stdout += c;
    });
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const cpuMs = canTime
        ? readFileSync(timeFile, "utf8")
            .trim()
            .split(/\s+/)
            .slice(-2)
            .reduce((sum, s) => sum + Number(s) * 1000, 0)
        : undefined;
      if (code !== 0) reject(new Error(`${args.join(" ")} exited ${code}: ${stderr}`));
      else resolve({ ms, cpuMs, stdout });
    });
  });
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label, times, once) {
  const samples = [];
  for (let i = 0; i < times; i++) samples.push(await once(i));
  const wall = samples.map((s) => s.ms).sort((a, b) => a - b);
  const cpu = samples.every((s) => s.cpuMs !== undefined)
    ? medianOf(samples.map((s) => s.cpuMs))
    : undefined;
  return { label, median: medianOf(wall), min: wall[0], max: wall.at(-1), cpu, runs: times };
}

function print(result, target) {
  const verdict =
    target === undefined
      ? ""
      : result.median <= target
        ? `  (target <= ${target} ms: met)`
        : `  (target <= ${target} ms: missed)`;
  console.log(
    `${result.label.padEnd(48)} median ${result.median.toFixed(0).padStart(5)} ms   min ${result.min.toFixed(0).padStart(5)}   max ${result.max.toFixed(0).padStart(5)}   cpu ${result.cpu === undefined ? "-" : `${result.cpu.toFixed(0)} ms`}   (${result.runs} runs)${verdict}`,
  );
}

// The stack helper is TypeScript (shared with the e2e tests); compile it once for Node.

const built = spawnSync(process.execPath, [join(root, "cli", "build.mjs")], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), "agentgate-bench-cli-"));
timeFile = join(dir, "time.txt");
console.log(
  `agentgate CLI benchmark: node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}\n`,
);

// NODE_EXTRA_CA_CERTS makes Node parse that certificate bundle at every start-up, before any
// script runs (on this machine's sandbox it is set, and costs Node ~100 ms); when it is set, each
// figure is also measured without it, as a shell without that variable starts Node.
const withoutExtraCa = { ...process.env };
delete withoutExtraCa.NODE_EXTRA_CA_CERTS;
const environments = [{ label: "", base: process.env }];
if (process.env.NODE_EXTRA_CA_CERTS) {
  environments.push({ label: " [no NODE_EXTRA_CA_CERTS]", base: withoutExtraCa });
}

for (const { label, base } of environments) {
  print(await measure(`node -e ''${label}`, runs, () => run(["-e", ""], {}, base)));
  print(await measure(`agentgate --help${label}`, runs, () => run([cli, "--help"], {}, base)), 150);
}

const stack = await startLocalStack({ root, stateDir: join(dir, "stack"), gateway: false });
try {
  const env = { APTOS_NETWORK: stack.ledgerUrl, APTOS_MODULE_ADDRESS: stack.moduleAddress };
  const keyFile = join(dir, "payer.key");
  const created = JSON.parse(
    (await run([cli, "account", "new", "--out", keyFile, "--json"])).stdout,
  );
  const key = readFileSync(keyFile, "utf8").trim();
  await run([cli, "fund", created.address, "-a", "1000000000"], env);
  const registered = JSON.parse(
    (
      await run(
        [cli, "register", "--name", "Bench", "--url", "https://bench.example", "--json", "-p", key],
        env,
      )
    ).stdout,
  );
  // One warm-up payment, so the devnode's first-request set-up is not counted.
  await run([cli, "pay", "-i", registered.processId, "-a", "1000", "-p", key], env);
  for (const { label, base } of environments) {
    const pay = await measure(`agentgate pay (devnode)${label}`, runs, () =>
      run([cli, "pay", "-i", registered.processId, "-a", "1000", "-p", key], env, base),
    );
    print(pay, 400);
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
