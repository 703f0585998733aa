/**
 * Starts the local stack for end-to-end tests (and anything else that needs it): the devnode
 * on its own port, and optionally the gateway with the echo agent on another. Each runs as a
 * `wrangler dev` child process; the two find each other through a dev registry private to this
 * stack, so parallel stacks on one machine never cross-wire.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEVNODE_MODULE_ADDRESS } from "../../../../shared/src/contract/devnode";

export const REPO_ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../../..");

export interface LocalStack {
  /** Fullnode REST base of the devnode, ending in /v1. */
  ledgerUrl: string;
  /** Origin of the devnode (faucet, /dev routes). */
  ledgerOrigin: string;
  /** Gateway origin, when started with `gateway: true`. */
  gatewayUrl?: string;
  moduleAddress: string;
  /** Last lines the wrangler processes printed, for failure messages. */
  logTail(): string;
  stop(): Promise<void>;
}

export interface StartStackOptions {
  /** Also start the gateway with the echo agent. */
  gateway?: boolean;
  /** Enables POST /dev/clock/advance on the devnode. */
  devClock?: boolean;
  /** Where state and the dev registry live; a fresh temporary folder by default (removed on stop). */
  stateDir?: string;
  /** Fixed ports instead of free ones. */
  ledgerPort?: number;
  gatewayPort?: number;
  readyTimeoutMs?: number;
  /** The repository root (wrangler configs, node_modules); this file's repository by default. */
  root?: string;
}

export async function freePort(): Promise<number> {
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

interface Child {
  process: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

function startWrangler(args: {
  root: string;
  configs: string[];
  port: number;
  stateDir: string;
  name: string;
  vars: string[];
}): Child {
  const argv = [
    "dev",
    ...args.configs.flatMap((config) => ["-c", config]),
    "--port",
    String(args.port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    join(args.stateDir, args.name),
    "--show-interactive-dev-session=false",
    ...args.vars.flatMap((v) => ["--var", v]),
  ];
  const child = spawn(join(args.root, "node_modules", ".bin", "wrangler"), argv, {
    cwd: args.root,
    // Own process group, so stop() ends wrangler and the workerd it started, and nothing else.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      WRANGLER_REGISTRY_PATH: join(args.stateDir, "registry"),
      WRANGLER_SEND_METRICS: "false",
      CI: "1",
    },
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim()) log.push(`[${args.name}] ${line}`);
    }
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { process: child, log, exited };
}

async function waitUntilReady(args: {
  url: string;
  child: Child;
  timeoutMs: number;
}): Promise<void> {
  const deadline = Date.now() + args.timeoutMs;
  let exitCode: number | null | undefined;
  void args.child.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(
        `wrangler exited (${exitCode}) before ${args.url} was ready:\n${args.child.log.slice(-30).join("\n")}`,
      );
    }
    try {
      const response = await fetch(args.url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `${args.url} not ready after ${args.timeoutMs} ms:\n${args.child.log.slice(-30).join("\n")}`,
  );
}

async function stopChild(child: Child): Promise<void> {
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
  }, 5_000);
  await child.exited;
  clearTimeout(timer);
}

export async function startLocalStack(options: StartStackOptions = {}): Promise<LocalStack> {
  const root = options.root ?? REPO_ROOT;
  const ownsState = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "agentgate-stack-"));
  const timeoutMs = options.readyTimeoutMs ?? 150_000;
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    if (ownsState) rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    const ledgerPort = options.ledgerPort ?? (await freePort());
    const ledger = startWrangler({
      root,
      configs: ["workers/ledger/wrangler.toml"],
      port: ledgerPort,
      stateDir,
      name: "ledger",
      vars: options.devClock ? ["DEV_CLOCK:true"] : [],
    });
    children.push(ledger);
    const ledgerOrigin = `http://127.0.0.1:${ledgerPort}`;
    await waitUntilReady({ url: `${ledgerOrigin}/v1`, child: ledger, timeoutMs });
    let gatewayUrl: string | undefined;
    if (options.gateway) {
      const gatewayPort = options.gatewayPort ?? (await freePort());
      const gateway = startWrangler({
        root,
        configs: ["wrangler.toml", "workers/agent/examples/echo/wrangler.toml"],
        port: gatewayPort,
        stateDir,
        name: "gateway",
        vars: [],
      });
      children.push(gateway);
      gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      await waitUntilReady({ url: `${gatewayUrl}/health`, child: gateway, timeoutMs });
    }
    return {
      ledgerUrl: `${ledgerOrigin}/v1`,
      ledgerOrigin,
      ...(gatewayUrl === undefined ? {} : { gatewayUrl }),
      moduleAddress: DEVNODE_MODULE_ADDRESS,
      logTail: () => children.flatMap((c) => c.log.slice(-20)).join("\n"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
