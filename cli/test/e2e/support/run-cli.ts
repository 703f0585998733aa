/** Runs the built CLI as a child process, the way a user's shell would. */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./local-stack.js";

export const CLI_PATH = join(REPO_ROOT, "cli", "dist", "agentgate.mjs");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Variables a developer's shell may set that would change what the CLI does under test.
const SCRUBBED = [
  "APTOS_NETWORK",
  "APTOS_MODULE_ADDRESS",
  "APTOS_PRIVATE_KEY",
  "LEDGER_NETWORK",
  "LEDGER_MODULE_ADDRESS",
  "LEDGER_PRIVATE_KEY",
  "AGENTGATE_GATEWAY_URL",
];

export function runCli(
  args: string[],
  options: {
    env?: Record<string, string>;
    /** Variables removed from the child's environment (NO_COLOR, which is set otherwise). */
    unset?: string[];
    cwd?: string;
    timeoutMs?: number;
  } = {},
): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
  for (const name of [...SCRUBBED, ...(options.unset ?? [])]) delete env[name];
  Object.assign(env, options.env);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.once("error", fail);
    child.once("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the CLI when the bundle is missing or older than its sources (npm test builds it first). */
export async function ensureCliBuilt(): Promise<void> {
  const sources = Math.max(
    newestMtime(join(REPO_ROOT, "cli", "src")),
    newestMtime(join(REPO_ROOT, "shared", "src")),
  );
  if (existsSync(CLI_PATH) && statSync(CLI_PATH).mtimeMs >= sources) return;
  const result = await new Promise<number | null>((done) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, "cli", "build.mjs")], {
      stdio: "inherit",
    });
    child.once("close", done);
  });
  if (result !== 0) throw new Error(`cli/build.mjs failed (${result})`);
}
