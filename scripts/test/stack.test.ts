// Boots the stack exactly as `npm start` does (scripts/start.mjs, on free ports and a temporary
// state folder), runs `npm run demo` against it, restarts it, and checks that the state is kept.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, devnodeModuleAddress, freePort, ROOT } from "../lib/stack.mjs";

const CLI = join(ROOT, "cli", "dist", "agentgate.mjs");
let stateDir: string;
let env: NodeJS.ProcessEnv;
let ledgerUrl: string;
let gatewayUrl: string;
let faucetOrigin: string;
let indexerPort: number;
let running: ChildProcess | undefined;
let firstOutput = "";
const operatorLine = (output: string) => /gateway operator\s+(0x[0-9a-f]{64})/.exec(output)?.[1];

interface Started {
  child: ChildProcess;
  output: () => string;
}

async function npmStart(): Promise<Started> {
  const child = spawn(process.execPath, [join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      if (output.includes("Press Ctrl-C to stop.")) {
        clearInterval(timer);
        done();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        fail(new Error(`npm start exited ${child.exitCode}:\n${output}`));
      }
    }, 200);
  });
  running = child;
  return { child, output: () => output };
}

async function ctrlC(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  child.kill("SIGINT");
  const code = await exited;
  running = undefined;
  return code;
}

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args, "-n", ledgerUrl, "--json"], {
    env,
    encoding: "utf8",
  });
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "agentgate-start-"));
  const ledgerPort = await freePort();
  const gatewayPort = await freePort();
  const faucetPort = await freePort();
  indexerPort = await freePort();
  faucetOrigin = `http://127.0.0.1:${faucetPort}`;
  ledgerUrl = `http://127.0.0.1:${ledgerPort}/v1`;
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  env = {
    ...process.env,
    AGENTGATE_STATE_DIR: stateDir,
    AGENTGATE_LEDGER_PORT: String(ledgerPort),
    AGENTGATE_GATEWAY_PORT: String(gatewayPort),
    AGENTGATE_FAUCET_PORT: String(faucetPort),
    AGENTGATE_INDEXER_PORT: String(indexerPort),
    APTOS_MODULE_ADDRESS: devnodeModuleAddress(),
  };
  delete env.APTOS_PRIVATE_KEY;
  delete env.LEDGER_PRIVATE_KEY;
});

afterAll(async () => {
  if (running) await ctrlC(running);
  rmSync(stateDir, { recursive: true, force: true });
});

describe("npm start and npm run demo", () => {
  it("starts the stack, prints where it is and the export lines for a shell", async () => {
    const started = await npmStart();
    const output = started.output();
    expect(output).toContain(ledgerUrl);
    expect(output).toContain(gatewayUrl);
    expect(output).toContain(`faucet                    ${faucetOrigin}`);
    expect(output).toContain(
      `indexer stub              http://127.0.0.1:${indexerPort}/v1/graphql`,
    );
    // On ports other than the standard ones the export names the devnode's URL instead of `local`.
    expect(output).toContain(`export APTOS_NETWORK=${ledgerUrl}`);
    expect(output).toMatch(/export APTOS_MODULE_ADDRESS=0x[0-9a-f]{64}/);
    expect(output).toContain("npm run demo");
    expect(output).toContain(`export AGENTGATE_GATEWAY_URL=${gatewayUrl}`);
    expect(await answers(`${gatewayUrl}/health`)).toBe(true);
    // The stack's own keys: made on first start, readable by the owner only, never printed.
    for (const name of ["operator.key", "examples-owner.key"]) {
      const file = join(stateDir, "keys", name);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = readFileSync(file, "utf8").trim();
      expect(key).toMatch(/^ed25519-priv-0x[0-9a-f]{64}$/);
      expect(output).not.toContain(key.slice("ed25519-priv-0x".length));
    }
    expect(output).not.toMatch(/ed25519-priv-0x[0-9a-f]{64}/);
    expect(operatorLine(output)).toMatch(/^0x[0-9a-f]{64}$/);
    firstOutput = output;
  });

  it("runs the demo end to end: pay, verify, run, logs, release, balances", () => {
    const demo = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      timeout: 240_000,
    });
    const out = demo.stdout;
    expect(demo.stderr + out).not.toMatch(/ed25519-priv-0x[0-9a-f]{64}/);
    expect(demo.status, `${out}\n${demo.stderr}`).toBe(0);
    expect(out).not.toContain("Stopping the stack this demo started");
    expect(out).toMatch(/verified\s+(true|yes)/i);
    expect(out).toMatch(/status\s+completed/);
    expect(out).toMatch(/"words":\s*\d+/);
    expect(out).toContain("COMPLETED");
    expect(out).toMatch(/owner: \+\d+ octas/);
  });

  it("runs the demo a second time on the kept state, reusing its accounts and process", () => {
    const demo = spawnSync(process.execPath, [join(ROOT, "scripts", "demo.mjs")], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      timeout: 240_000,
    });
    expect(demo.status, `${demo.stdout}\n${demo.stderr}`).toBe(0);
    expect(demo.stdout).toContain("already registered by this owner");
  });

  it("stops on Ctrl-C and keeps the state for the next start", async () => {
    expect(running).toBeDefined();
    if (!running) return;
    expect(await ctrlC(running)).toBe(0);
    expect(await answers(ledgerUrl)).toBe(false);
    expect(await answers(`${gatewayUrl}/health`)).toBe(false);

    const again = await npmStart();
    // The same keys after a restart.
    expect(operatorLine(again.output())).toBe(operatorLine(firstOutput));
    const found = cli(["get-process", "text-stats"]);
    expect(found.status, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).process.id).toBe("text-stats");
    expect(await ctrlC(again.child)).toBe(0);
  });
});
