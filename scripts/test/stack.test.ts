// Boots the stack exactly as `npm start` does (scripts/start.mjs, on free ports and a temporary
// state folder whose name needs quoting), points the CLI and `npm run demo` at it with exactly the
// export lines it prints (README.md, "The local stack"), restarts it, and checks that the state is
// kept.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
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
/** The environment of a second terminal before the printed lines: no setting of ours at all. */
let bareEnv: NodeJS.ProcessEnv;
/** The `export` lines npm start printed. */
let exportsPrinted: string[] = [];
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

/** The `export NAME=...` lines of npm start's output. */
const exportLinesOf = (output: string) =>
  output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("export "));

/**
 * Runs `command` in a POSIX shell that has only the printed export lines, as a second terminal
 * with them pasted in would.
 */
function inPrintedShell(command: string, timeout = 60_000) {
  return spawnSync("sh", ["-c", `${exportsPrinted.join("\n")}\n${command}`], {
    cwd: ROOT,
    env: bareEnv,
    encoding: "utf8",
    timeout,
  });
}

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args, "-n", ledgerUrl, "--json"], {
    env,
    encoding: "utf8",
  });
}

beforeAll(async () => {
  // A space and a quote, so the printed lines must quote the folder for the shell.
  stateDir = mkdtempSync(join(tmpdir(), "agentgate start's "));
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
  bareEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(APTOS_|LEDGER_|AGENTGATE_)/.test(name)),
  );
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
    // On ports other than the standard ones the export names the devnode's URL instead of
    // `local`, and every stack setting that is not its default has its line, for npm run demo.
    const quoted = `'${stateDir.replaceAll("'", "'\\''")}'`;
    expect(exportLinesOf(output)).toEqual([
      `export APTOS_NETWORK=${ledgerUrl}`,
      `export APTOS_MODULE_ADDRESS=${devnodeModuleAddress()}`,
      `export AGENTGATE_GATEWAY_URL=${gatewayUrl}`,
      `export AGENTGATE_LEDGER_PORT=${env.AGENTGATE_LEDGER_PORT}`,
      `export AGENTGATE_FAUCET_PORT=${env.AGENTGATE_FAUCET_PORT}`,
      `export AGENTGATE_INDEXER_PORT=${indexerPort}`,
      `export AGENTGATE_GATEWAY_PORT=${env.AGENTGATE_GATEWAY_PORT}`,
      `export AGENTGATE_STATE_DIR=${quoted}`,
    ]);
    exportsPrinted = exportLinesOf(output);
    expect(output).toContain("npm run demo");
    expect(output).not.toContain("-n local");
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

  it("points the CLI at this stack with the printed lines alone: ledger, module, faucet", () => {
    const listed = inPrintedShell(`exec "${process.execPath}" cli/dist/agentgate.mjs list --json`);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).success).toBe(true);
    const address = `0x${"5".repeat(64)}`;
    const funded = inPrintedShell(
      `exec "${process.execPath}" cli/dist/agentgate.mjs fund ${address} -a 1234 --json`,
    );
    expect(funded.status, funded.stderr).toBe(0);
    const balance = cli(["balance", address]);
    expect(String(JSON.parse(balance.stdout).balance)).toBe("1234");
  });

  it("refuses to run the demo against the stack with another state folder, naming it", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "agentgate-other-state-"));
    try {
      const demo = inPrintedShell(
        `AGENTGATE_STATE_DIR=${elsewhere} exec "${process.execPath}" scripts/demo.mjs`,
      );
      expect(demo.status).toBe(1);
      expect(demo.stdout).toContain(`state in ${elsewhere}/`);
      expect(demo.stderr).toContain(`its keys are not in ${elsewhere}/`);
      // Nothing made there: no keys that the running gateway's operator would not match.
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("runs the demo end to end with the printed lines alone: pay, verify, run, logs, release, balances", () => {
    const demo = inPrintedShell(`exec "${process.execPath}" scripts/demo.mjs`, 240_000);
    const out = demo.stdout;
    expect(demo.stderr + out).not.toMatch(/ed25519-priv-0x[0-9a-f]{64}/);
    expect(demo.status, `${out}\n${demo.stderr}`).toBe(0);
    expect(out).not.toContain("Stopping the stack this demo started");
    // The state folder it really uses, and its paths in it.
    expect(out).toContain(`state in ${stateDir}/`);
    expect(out).toContain(`is in ${join(stateDir, "keys", "examples-owner.key")}`);
    expect(out).not.toContain(".state/");
    // The gateway of the printed lines serves the run's logs to the CLI.
    const transactionId = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
      out,
    )?.[0];
    const logs = inPrintedShell(
      `exec "${process.execPath}" cli/dist/agentgate.mjs logs -i text-stats -x ${transactionId} --json`,
    );
    expect(logs.status, logs.stderr).toBe(0);
    expect(JSON.parse(logs.stdout)).toMatchObject({ success: true, transactionId });
    expect(out).toMatch(/verified\s+(true|yes)/i);
    expect(out).toMatch(/status\s+completed/);
    expect(out).toMatch(/"words":\s*\d+/);
    expect(out).toContain("COMPLETED");
    expect(out).toMatch(/owner: \+\d+ octas/);
  });

  it("runs the demo a second time on the kept state, reusing its accounts and process", () => {
    const demo = inPrintedShell(`exec "${process.execPath}" scripts/demo.mjs`, 240_000);
    expect(demo.status, `${demo.stdout}\n${demo.stderr}`).toBe(0);
    expect(demo.stdout).toContain("already registered by this owner");
    expect(demo.stdout).toContain(
      `(reusing the user key in ${join(stateDir, "demo", "user.key")})`,
    );
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
