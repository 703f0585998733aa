// Starts the local agentgate stack in workerd: the devnode on its own socket (devnode-server.mjs),
// and the gateway and every example agent each on a socket of its own, the agents bound to the
// gateway as services (workers-server.mjs); no dev proxy in front of any of them (issue 13,
// door 10). `wrangler dev` for the gateway and agents stays available (`runtime: "wrangler"`,
// `npm run dev`). The stack's keys (stack-keys.mjs) live in its state folder. `npm start`,
// `npm run demo` and the end-to-end tests all boot it through this one module, so they boot it
// the same way.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ensureStackKeys, fundFromFaucet } from "./stack-keys.mjs";
import { configHasEnv, readWranglerConfig } from "./wrangler-config.mjs";

export const ROOT = resolve(import.meta.dirname, "..", "..");
/**
 * The devnode on Aptos localnet's ports: its fullnode API on 8080, and its faucet and indexer stub
 * also on 8081 and 8090, where the ts-sdk's Network.LOCAL and the Aptos CLI look for them; the
 * gateway on wrangler's usual port.
 */
export const DEFAULT_PORTS = { ledger: 8080, faucet: 8081, indexer: 8090, gateway: 8787 };
export const DEFAULT_STATE_DIR = join(ROOT, ".state");
/** How long a request's head and body may take to arrive at the stack's sockets (ms). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Where `npm start` and `npm run demo` put the stack: the fixed, documented ports and state folder,
 * unless AGENTGATE_LEDGER_PORT, AGENTGATE_FAUCET_PORT, AGENTGATE_INDEXER_PORT,
 * AGENTGATE_GATEWAY_PORT or AGENTGATE_STATE_DIR say otherwise (the end-to-end test uses them to run beside a stack a
 * developer has running).
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
  const faucetPort = port("AGENTGATE_FAUCET_PORT", DEFAULT_PORTS.faucet);
  const indexerPort = port("AGENTGATE_INDEXER_PORT", DEFAULT_PORTS.indexer);
  const gatewayPort = port("AGENTGATE_GATEWAY_PORT", DEFAULT_PORTS.gateway);
  return {
    ledgerPort,
    faucetPort,
    indexerPort,
    gatewayPort,
    stateDir: env.AGENTGATE_STATE_DIR ? resolve(env.AGENTGATE_STATE_DIR) : DEFAULT_STATE_DIR,
    ledgerOrigin: `http://127.0.0.1:${ledgerPort}`,
    faucetOrigin: `http://127.0.0.1:${faucetPort}`,
    indexerOrigin: `http://127.0.0.1:${indexerPort}`,
    gatewayOrigin: `http://127.0.0.1:${gatewayPort}`,
    /** What the CLI's -n takes for this devnode: `local` on the standard port, else its URL. */
    network: ledgerPort === DEFAULT_PORTS.ledger ? "local" : `http://127.0.0.1:${ledgerPort}/v1`,
  };
}

/** The stack's own settings: the variable localStackSettings reads, its key there, its default. */
const STACK_VARS = [
  ["AGENTGATE_LEDGER_PORT", "ledgerPort", DEFAULT_PORTS.ledger],
  ["AGENTGATE_FAUCET_PORT", "faucetPort", DEFAULT_PORTS.faucet],
  ["AGENTGATE_INDEXER_PORT", "indexerPort", DEFAULT_PORTS.indexer],
  ["AGENTGATE_GATEWAY_PORT", "gatewayPort", DEFAULT_PORTS.gateway],
  ["AGENTGATE_STATE_DIR", "stateDir", DEFAULT_STATE_DIR],
];

/**
 * What a second shell needs to use the stack `settings` describes (README.md, "The local
 * stack"): the CLI's network (the devnode's URL in place of `local` off port 8080), module address
 * and gateway, plus each stack setting that is not its default, so `npm run demo` there finds this
 * stack and its keys instead of starting another one.
 */
export function secondShellEnv(settings, moduleAddress) {
  const env = {
    APTOS_NETWORK: settings.network,
    APTOS_MODULE_ADDRESS: moduleAddress,
    AGENTGATE_GATEWAY_URL: settings.gatewayOrigin,
  };
  for (const [name, key, standard] of STACK_VARS) {
    if (settings[key] !== standard) env[name] = String(settings[key]);
  }
  return env;
}

/** value as one word of a POSIX shell: as is when that is safe, else single-quoted. */
export function shellQuote(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** `export NAME=value` lines for a POSIX shell. */
export function exportLines(env) {
  return Object.entries(env).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
}

/** The example agents' wrangler configs (echo, json-transform, slow-report, text-stats). */
export function exampleAgentConfigs(root = ROOT) {
  const examples = join(root, "workers", "agent", "examples");
  return readdirSync(examples)
    .sort()
    .map((name) => join("workers", "agent", "examples", name, "wrangler.jsonc"))
    .filter((config) => existsSync(join(root, config)));
}

/** The package address the devnode publishes at, read from its wrangler config. */
export function devnodeModuleAddress(root = ROOT) {
  const address = readWranglerConfig(join(root, "workers", "ledger", "wrangler.jsonc")).vars
    ?.MODULE_ADDRESS;
  if (typeof address !== "string" || !/^0x[0-9a-f]+$/.test(address)) {
    throw new Error("workers/ledger/wrangler.jsonc has no MODULE_ADDRESS");
  }
  return address;
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
function startChild({ root, command, argv, stateDir, name, onLine }) {
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
      if (!line.trim()) continue;
      log.push(`[${name}] ${line}`);
      onLine?.(line);
    }
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((done) => child.once("exit", (code) => done(code)));
  return { name, process: child, log, exited };
}

/**
 * The gateway and agents under `wrangler dev` (its proxy in front), as before the stack had its
 * own sockets: `npm run dev`. The gateway's settings and operator key go in an env file of the
 * state folder (0600), never on the command line.
 */
function startWrangler({ root, configs, port, stateDir, name, vars }) {
  const envFile = join(stateDir, "gateway.env");
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
      .join(""),
    { mode: 0o600 },
  );
  const argv = [
    "dev",
    ...configs.flatMap((config) => ["-c", config]),
    ...(configHasEnv(join(root, configs[0]), "local") ? ["--env", "local"] : []),
    "--env-file",
    envFile,
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
function startDevnode({
  root,
  port,
  faucetPort,
  indexerPort,
  stateDir,
  devClock,
  requestTimeoutMs,
}) {
  const argv = [
    join(root, "scripts", "lib", "devnode-server.mjs"),
    "--port",
    String(port),
    "--faucet-port",
    String(faucetPort),
    "--indexer-port",
    String(indexerPort),
    "--persist-to",
    join(stateDir, "ledger"),
    "--request-timeout-ms",
    String(requestTimeoutMs),
    // The local stack is the devnode's reason to exist: its faucet and admin functions are on.
    "--dev-faucet",
    "--dev-admin",
    ...(devClock ? ["--dev-clock"] : []),
  ];
  return startChild({ root, command: process.execPath, argv, stateDir, name: "ledger" });
}

/**
 * The gateway and agents on sockets of their own (workers-server.mjs). Resolves `ready` with the
 * origins the server prints once it listens.
 */
function startWorkers({
  root,
  agentConfigs,
  port,
  ledgerAddress,
  stateDir,
  operatorOwners,
  requestTimeoutMs,
}) {
  let announce;
  const ready = new Promise((done) => {
    announce = done;
  });
  const argv = [
    join(root, "scripts", "lib", "workers-server.mjs"),
    "--state",
    stateDir,
    "--gateway-port",
    String(port),
    "--ledger",
    ledgerAddress,
    "--request-timeout-ms",
    String(requestTimeoutMs),
    ...(operatorOwners === undefined ? [] : ["--operator-owners", operatorOwners]),
    ...agentConfigs.flatMap((config) => ["--agent", config]),
  ];
  const child = startChild({
    root,
    command: process.execPath,
    argv,
    stateDir,
    name: "gateway",
    onLine: (line) => {
      if (line.startsWith("ready {")) announce(JSON.parse(line.slice("ready ".length)));
    },
  });
  return { child, ready };
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
    const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const ledgerPort = options.ledgerPort ?? (await freePort());
    const faucetPort = options.faucetPort ?? (await freePort());
    const indexerPort = options.indexerPort ?? (await freePort());
    const ledger = startDevnode({
      root,
      port: ledgerPort,
      faucetPort,
      indexerPort,
      stateDir,
      devClock: options.devClock === true,
      requestTimeoutMs,
    });
    children.push(ledger);
    const ledgerOrigin = `http://127.0.0.1:${ledgerPort}`;
    await waitUntilReady({ url: `${ledgerOrigin}/v1`, child: ledger, timeoutMs });
    let gatewayUrl;
    let agentUrls = {};
    let keys;
    if (options.gateway !== false) {
      const { operator, examplesOwner } = ensureStackKeys(stateDir);
      await fundFromFaucet(ledgerOrigin, operator.address);
      await fundFromFaucet(ledgerOrigin, examplesOwner.address);
      keys = {
        operator: {
          address: operator.address,
          publicKey: operator.publicKey,
          keyFile: operator.keyFile,
        },
        examplesOwner: {
          address: examplesOwner.address,
          publicKey: examplesOwner.publicKey,
          keyFile: examplesOwner.keyFile,
        },
      };
      const gatewayPort = options.gatewayPort ?? (await freePort());
      gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      const agentConfigs = options.agentConfigs ?? exampleAgentConfigs(root);
      if (options.runtime === "wrangler") {
        const gateway = startWrangler({
          root,
          configs: ["wrangler.jsonc", ...agentConfigs],
          port: gatewayPort,
          stateDir,
          name: "gateway",
          vars: {
            OPERATOR_PRIVATE_KEY: operator.privateKey,
            PUBLIC_ORIGIN: gatewayUrl,
            OPERATOR_OWNERS: options.operatorOwners ?? examplesOwner.address,
          },
        });
        children.push(gateway);
        await waitUntilReady({ url: `${gatewayUrl}/health`, child: gateway, timeoutMs });
      } else {
        // A port freePort found may be taken again before the gateway binds it (another
        // process's outgoing connection): then the gateway exits with EADDRINUSE and, when the
        // port was ours to choose, starts again on another one.
        for (let attempt = 1; ; attempt += 1) {
          const workers = startWorkers({
            root,
            agentConfigs,
            port: Number(new URL(gatewayUrl).port),
            ledgerAddress: `127.0.0.1:${ledgerPort}`,
            stateDir,
            operatorOwners: options.operatorOwners,
            requestTimeoutMs,
          });
          children.push(workers.child);
          try {
            await waitUntilReady({ url: `${gatewayUrl}/health`, child: workers.child, timeoutMs });
          } catch (error) {
            const taken = workers.child.log.some((line) => line.includes("EADDRINUSE"));
            if (!taken || options.gatewayPort !== undefined || attempt >= 3) throw error;
            children.splice(children.indexOf(workers.child), 1);
            await stopChild(workers.child);
            gatewayUrl = `http://127.0.0.1:${await freePort()}`;
            continue;
          }
          agentUrls = (await workers.ready).agents;
          break;
        }
      }
    }
    return {
      ledgerUrl: `${ledgerOrigin}/v1`,
      ledgerOrigin,
      faucetOrigin: `http://127.0.0.1:${faucetPort}`,
      indexerUrl: `http://127.0.0.1:${indexerPort}/v1/graphql`,
      ...(gatewayUrl === undefined ? {} : { gatewayUrl, agentUrls }),
      ...(keys === undefined ? {} : { keys }),
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
