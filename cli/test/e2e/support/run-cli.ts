/** Runs the built CLI as a child process, the way a user's shell would. */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./local-stack.js";

export const CLI_PATH = join(REPO_ROOT, "cli", "dist", "agentgate.mjs");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Both streams' chunks in the order they arrived, to see what was printed before what. */
  timeline: { stream: "stdout" | "stderr"; text: string }[];
}

/**
 * Where the CLIs of this test process keep run tokens (AGENTGATE_HOME), so no test writes to the
 * developer's ~/.agentgate; a test that checks the file passes its own.
 */
const TEST_HOME = mkdtempSync(join(tmpdir(), "agentgate-cli-home-"));
process.once("exit", () => rmSync(TEST_HOME, { recursive: true, force: true }));

// Variables a developer's shell may set that would change what the CLI does under test.
const SCRUBBED = [
  "APTOS_NETWORK",
  "APTOS_MODULE_ADDRESS",
  "APTOS_PRIVATE_KEY",
  "LEDGER_NETWORK",
  "LEDGER_MODULE_ADDRESS",
  "LEDGER_PRIVATE_KEY",
  "AGENTGATE_GATEWAY_URL",
  "AGENTGATE_HOME",
];

export function runCli(
  args: string[],
  options: {
    env?: Record<string, string>;
    /** Variables removed from the child's environment (NO_COLOR, which is set otherwise). */
    unset?: string[];
    cwd?: string;
    timeoutMs?: number;
    /** Sends SIGINT (Ctrl-C) once this is true of the stderr printed so far. */
    interruptWhen?: (stderr: string) => boolean;
  } = {},
): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
  for (const name of [...SCRUBBED, ...(options.unset ?? [])]) delete env[name];
  env.AGENTGATE_HOME = TEST_HOME;
  Object.assign(env, options.env);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let interrupted = false;
    const timeline: CliResult["timeline"] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      timeline.push({ stream: "stdout", text: chunk.toString("utf8") });
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      timeline.push({ stream: "stderr", text: chunk.toString("utf8") });
      if (!interrupted && options.interruptWhen?.(stderr)) {
        interrupted = true;
        child.kill("SIGINT");
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.once("error", fail);
    child.once("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, timeline });
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
