// Starts the local agentgate stack in workerd: the devnode on its own port (devnode-server.mjs),
// and the gateway with agents bound to it as services on another (wrangler dev). `npm start`,
// `npm run demo` and the end-to-end tests all boot it through this one module, so they boot it
// the same way.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");
/** The devnode on Aptos localnet's fullnode port; the gateway on wrangler's usual port. */
export const DEFAULT_PORTS = { ledger: 8080, gateway: 8787 };
export const DEFAULT_STATE_DIR = join(ROOT, ".state");

/**
 * Where `npm start` and `npm run demo` put the stack: the fixed, documented ports and state folder,
 * unless AGENTGATE_LEDGER_PORT, AGENTGATE_GATEWAY_PORT or AGENTGATE_STATE_DIR say otherwise (the
 * end-to-end test uses them to run beside a stack a developer has running).
 */
export function localStackSettings(env = process.env) {
  const port = (name, fallback) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) {
      throw new Error(`${name} must be a port number, got ${JSON.stringify(value)}`);
    }
    return parsed;
  };
  const ledgerPort = port("AGENTGATE_LEDGER_PORT", DEFAULT_PORTS.ledger);
  const gatewayPort = port("AGENTGATE_GATEWAY_PORT", DEFAULT_PORTS.gateway);
  return {
    ledgerPort,
    gatewayPort,
    stateDir: env.AGENTGATE_STATE_DIR ? resolve(env.AGENTGATE_STATE_DIR) : DEFAULT_STATE_DIR,
    ledgerOrigin: `http://127.0.0.1:${ledgerPort}`,
    gatewayOrigin: `http://127.0.0.1:${gatewayPort}`,
    /** What the CLI's -n takes for this devnode: `local` on the standard port, else its URL. */
    network: ledgerPort === DEFAULT_PORTS.ledger ? "local" : `http://127.0.0.1:${ledgerPort}/v1`,
  };
}

/** The example agents' wrangler configs (echo, json-transform, text-stats). */
export function exampleAgentConfigs(root = ROOT) {
  const examples = join(root, "workers", "agent", "examples");
  return readdirSync(examples)
    .sort()
    .map((name) => join("workers", "agent", "examples", name, "wrangler.toml"))
    .filter((config) => existsSync(join(root, config)));
}

/** The package address the devnode publishes at, read from its wrangler config. */
export function devnodeModuleAddress(root = ROOT) {
  const toml = readFileSync(join(root, "workers", "ledger", "wrangler.toml"), "utf8");
  const match = /^MODULE_ADDRESS\s*=\s*"(0x[0-9a-f]+)"/m.exec(toml);
  if (!match?.[1]) throw new Error("workers/ledger/wrangler.toml has no MODULE_ADDRESS");
  return match[1];
}

/** True when something answers HTTP below 500 at url within the timeout. */
export async function answers(url, timeoutMs = 1500) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status < 500;
  } catch {
    return false;
  }
}

export async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Starts one process of the stack in its own process group, keeping the tail of its output. */
function startChild({ root, command, argv, stateDir, name }) {
  const child = spawn(command, argv, {
    cwd: root,
    // Its own process group, so stop() ends it and the workerd it started, and nothing else.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // A dev registry private to this stack, so stacks started side by side never cross-wire.
      WRANGLER_REGISTRY_PATH: join(stateDir, "registry"),
      WRANGLER_SEND_METRICS: "false",
      CI: "1",
    },
  });
  const log = [];
  const keep = (chunk) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim()) log.push(`[${name}] ${line}`);
    }
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((done) => child.once("exit", (code) => done(code)));
  return { name, process: child, log, exited };
}

function startWrangler({ root, configs, env, port, stateDir, name }) {
  const argv = [
    "dev",
    ...configs.flatMap((config) => ["-c", config]),
    ...(env === undefined ? [] : ["--env", env]),
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    join(stateDir, name),
    "--show-interactive-dev-session=false",
  ];
  const command = join(root, "node_modules", ".bin", "wrangler");
  return startChild({ root, command, argv, stateDir, name });
}

/**
 * The devnode runs on a workerd socket of its own (devnode-server.mjs) rather than behind
 * `wrangler dev`'s proxy, which tripled its CPU per request; it keeps wrangler's state layout and
 * registry, so the gateway's binding and existing state folders work unchanged.
 */
function startDevnode({ root, port, stateDir, devClock }) {
  const argv = [
    join(root, "scripts", "lib", "devnode-server.mjs"),
    "--port",
    String(port),
    "--persist-to",
    join(stateDir, "ledger"),
    // The local stack is the devnode's reason to exist: its faucet and admin functions are on.
    "--dev-faucet",
    "--dev-admin",
    ...(devClock ? ["--dev-clock"] : []),
  ];
  return startChild({ root, command: process.execPath, argv, stateDir, name: "ledger" });
}

async function waitUntilReady({ url, child, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let exitCode;
  void child.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(
        `${child.name} exited (${exitCode}) before ${url} was ready:\n${child.log.slice(-30).join("\n")}`,
      );
    }
    if (await answers(url, 2000)) return;
    await new Promise((done) => setTimeout(done, 300));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms:\n${child.log.slice(-30).join("\n")}`);
}

async function stopChild(child) {
  const pid = child.process.pid;
  if (pid === undefined || child.process.exitCode !== null) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }, 5000);
  await child.exited;
  clearTimeout(timer);
}

/**
 * Boots the devnode and (unless `gateway: false`) the gateway with its agents. State lives under
 * stateDir and survives restarts; without a stateDir a temporary folder is used and removed on
 * stop. Resolves once everything answers.
 */
export async function startLocalStack(options = {}) {
  const root = options.root ?? ROOT;
  const ownsState = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "agentgate-stack-"));
  mkdirSync(stateDir, { recursive: true });
  const timeoutMs = options.readyTimeoutMs ?? 150_000;
  const children = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    if (ownsState) rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    const ledgerPort = options.ledgerPort ?? (await freePort());
    const ledger = startDevnode({
      root,
      port: ledgerPort,
      stateDir,
      devClock: options.devClock === true,
    });
    children.push(ledger);
    const ledgerOrigin = `http://127.0.0.1:${ledgerPort}`;
    await waitUntilReady({ url: `${ledgerOrigin}/v1`, child: ledger, timeoutMs });
    let gatewayUrl;
    if (options.gateway !== false) {
      const gatewayPort = options.gatewayPort ?? (await freePort());
      const gateway = startWrangler({
        root,
        configs: ["wrangler.toml", ...(options.agentConfigs ?? exampleAgentConfigs(root))],
        // The gateway's `local` environment binds the devnode (the default one deploys for a
        // real network); the agents' configs have no environments and wrangler keeps theirs.
        env: "local",
        port: gatewayPort,
        stateDir,
        name: "gateway",
      });
      children.push(gateway);
      gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      await waitUntilReady({ url: `${gatewayUrl}/health`, child: gateway, timeoutMs });
    }
    return {
      ledgerUrl: `${ledgerOrigin}/v1`,
      ledgerOrigin,
      ...(gatewayUrl === undefined ? {} : { gatewayUrl }),
      moduleAddress: devnodeModuleAddress(root),
      stateDir,
      children,
      logTail: () => children.flatMap((c) => c.log.slice(-20)).join("\n"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
