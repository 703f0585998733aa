// Starts the local agentgate stack with wrangler (workerd): the devnode on Aptos localnet's
// fullnode port, and the gateway with the example agents bound to it as services. Used by
// `npm start`, `npm run demo` and the end-to-end test, so all three boot it the same way.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const DEFAULT_PORTS = { devnode: 8080, gateway: 8787 };
export const DEFAULT_STATE_DIR = join(ROOT, ".state");

const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

/** The example agents' wrangler configs, bound to the gateway as services in one wrangler session. */
export function agentConfigs() {
  const examples = join(ROOT, "workers", "agent", "examples");
  const configs = [join(ROOT, "workers", "agent", "wrangler.toml")];
  for (const name of readdirSync(examples).sort()) {
    const config = join(examples, name, "wrangler.toml");
    if (existsSync(config)) configs.push(config);
  }
  return configs.filter((config) => existsSync(config));
}

/** The package address the devnode publishes at, read from its wrangler config. */
export function devnodeModuleAddress() {
  const toml = readFileSync(join(ROOT, "workers", "ledger", "wrangler.toml"), "utf8");
  const match = /^MODULE_ADDRESS\s*=\s*"(0x[0-9a-f]+)"/m.exec(toml);
  if (!match) throw new Error("workers/ledger/wrangler.toml has no MODULE_ADDRESS");
  return match[1];
}

export function stackUrls(ports = DEFAULT_PORTS) {
  return {
    fullnode: `http://127.0.0.1:${ports.devnode}/v1`,
    faucet: `http://127.0.0.1:${ports.devnode}`,
    gateway: `http://127.0.0.1:${ports.gateway}`,
  };
}

/** True when something answers HTTP at url within the timeout. */
export async function answers(url, timeoutMs = 1500) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

async function waitUntilAnswers(url, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${url} did not start (wrangler exited ${child.exitCode}); see ${logFile}`);
    }
    if (await answers(url)) return;
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
}

function startWrangler(label, args, logDir) {
  const logFile = join(logDir, `${label}.log`);
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(WRANGLER, ["dev", ...args], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { child, logFile };
}

/**
 * Boots the devnode and the gateway with its agents. State lives under stateDir and survives
 * restarts. Resolves once both answer; `stop()` ends both wrangler processes.
 */
export async function startStack({
  ports = DEFAULT_PORTS,
  stateDir = DEFAULT_STATE_DIR,
  devClock = true,
  timeoutMs = 120_000,
} = {}) {
  const logDir = join(stateDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const urls = stackUrls(ports);
  const processes = [];
  const stop = async () => {
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", done);
            child.kill("SIGINT");
            setTimeout(() => child.kill("SIGKILL"), 5000).unref();
          }),
      ),
    );
  };

  try {
    const devnode = startWrangler(
      "devnode",
      [
        "-c",
        "workers/ledger/wrangler.toml",
        "--ip",
        "127.0.0.1",
        "--port",
        String(ports.devnode),
        "--inspector-port",
        String(ports.devnode + 1000),
        "--persist-to",
        join(stateDir, "devnode"),
        "--var",
        `DEV_CLOCK:${devClock ? "true" : "false"}`,
        "--show-interactive-dev-session=false",
      ],
      logDir,
    );
    processes.push(devnode);
    await waitUntilAnswers(urls.fullnode, devnode.child, devnode.logFile, timeoutMs);

    const gateway = startWrangler(
      "gateway",
      [
        "-c",
        "wrangler.toml",
        ...agentConfigs().flatMap((config) => ["-c", config]),
        "--ip",
        "127.0.0.1",
        "--port",
        String(ports.gateway),
        "--inspector-port",
        String(ports.gateway + 1000),
        "--persist-to",
        join(stateDir, "gateway"),
        "--var",
        `LEDGER_NODE_URL:${urls.fullnode}`,
        "--var",
        "ALLOW_HTTP_AGENTS:true",
        "--show-interactive-dev-session=false",
      ],
      logDir,
    );
    processes.push(gateway);
    await waitUntilAnswers(`${urls.gateway}/health`, gateway.child, gateway.logFile, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, moduleAddress: devnodeModuleAddress(), stateDir, stop, processes };
}
