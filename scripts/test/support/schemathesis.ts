// Runs schemathesis (the pinned version in scripts/test/requirements.txt) against a running
// gateway's /openapi.json and reads its JSON report. What the run covers and its bounds:
// docs/gateway.md, "Tests and bench".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The checks every response must pass: no 5xx, and nothing the document does not declare. */
export const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
] as const;

export interface SchemathesisBounds {
  /** Cases per operation and phase (schemathesis' --max-examples). */
  maxExamples: number;
  seed: number;
  /** The whole run is killed, and fails, past this. */
  timeoutMs: number;
  /** Per request (schemathesis' --request-timeout), in seconds. */
  requestTimeoutS: number;
  /** How often a parameter with known values (below) takes one of them instead of a generated one. */
  knownValueProbability: number;
}

/**
 * Values that exist in the stack, by parameter name (processId, userAddress): drawn with
 * knownValueProbability, so cases reach found processes and real payers, not only 404s.
 */
export type KnownValues = Record<string, string[]>;

/** schemathesis.toml binding each parameter to a dictionary of its known values. */
function configToml(known: KnownValues, probability: number): string {
  const entries = Object.entries(known).filter(([, values]) => values.length > 0);
  const list = (values: string[]) => values.map((v) => JSON.stringify(v)).join(", ");
  return [
    "[dictionaries]",
    ...entries.map(([name, values]) => `known-${name} = { values = [${list(values)}] }`),
    "[parameters]",
    ...entries.map(
      ([name]) => `${name} = { dictionary = "known-${name}", probability = ${probability} }`,
    ),
    "",
  ].join("\n");
}

/** The parts of schemathesis' JSON report (--report json) the test reads. */
export interface SchemathesisReport {
  schemathesis_version: string;
  running_time: number;
  stop_reason: string;
  complete: boolean;
  exit_code: number;
  operations: { total: number; selected: number; tested: number; errored: number; skipped: number };
  test_cases: {
    generated: number;
    with_failures: number;
    unique_failures: number;
    errored: number;
  };
  failures: unknown[];
  errors: unknown[];
  warnings: Record<string, string[]>;
}

export interface SchemathesisRun {
  report: SchemathesisReport;
  /** What schemathesis printed: its failure summary, reproduction commands, warnings. */
  output: string;
  exitCode: number | null;
  ms: number;
}

/** The pinned version, read from the one place that pins it. */
export function pinnedVersion(root: string): string {
  const requirements = readFileSync(join(root, "scripts", "test", "requirements.txt"), "utf8");
  const match = /^schemathesis==(\S+)\s*$/m.exec(requirements);
  if (!match?.[1]) throw new Error("scripts/test/requirements.txt pins no schemathesis version");
  return match[1];
}

/**
 * The schemathesis executable: the repository's .venv first (what .ci/run makes), then PATH.
 * Throws, with the command that installs it, when it is missing or not the pinned version: the
 * run is part of `npm test`, never skipped.
 */
export function findSchemathesis(root: string): string {
  const version = pinnedVersion(root);
  const install = `python3 -m venv .venv && .venv/bin/pip install -r scripts/test/requirements.txt`;
  const venv = join(root, ".venv", "bin", "schemathesis");
  const candidate = existsSync(venv) ? venv : "schemathesis";
  const probe = spawnSync(candidate, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `schemathesis ${version} is not installed (npm test runs it against the gateway); install it with: ${install}`,
    );
  }
  const found = /version\s+(\S+)/.exec(probe.stdout)?.[1];
  if (found !== version) {
    throw new Error(
      `${candidate} is schemathesis ${found ?? "of an unknown version"}, the tests pin ${version}; reinstall with: ${install}`,
    );
  }
  return candidate;
}

/** Runs every operation of `${origin}/openapi.json` with CHECKS, within the bounds. */
export async function runSchemathesis(args: {
  binary: string;
  origin: string;
  bounds: SchemathesisBounds;
  known?: KnownValues;
}): Promise<SchemathesisRun> {
  const { binary, origin, bounds } = args;
  // schemathesis keeps .hypothesis/ and .schemathesis/ in its working folder: a temporary one.
  const dir = mkdtempSync(join(tmpdir(), "agentgate-schemathesis-"));
  const reportPath = join(dir, "report.json");
  const configPath = join(dir, "schemathesis.toml");
  writeFileSync(configPath, configToml(args.known ?? {}, bounds.knownValueProbability));
  const argv = [
    "--config-file",
    configPath,
    "run",
    `${origin}/openapi.json`,
    "--checks",
    CHECKS.join(","),
    "--max-examples",
    String(bounds.maxExamples),
    "--seed",
    String(bounds.seed),
    "--workers",
    "1",
    "--request-timeout",
    String(bounds.requestTimeoutS),
    "--continue-on-failure",
    // No example database: a failure found once would be replayed in later runs, so a run would
    // depend on the runs before it.
    "--generation-database",
    "none",
    "--no-color",
    "--report",
    "json",
    "--report-json-path",
    reportPath,
  ];
  const started = Date.now();
  try {
    const child = spawn(binary, argv, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, bounds.timeoutMs);
    const exitCode = await new Promise<number | null>((done, fail) => {
      child.once("error", fail);
      child.once("exit", (code) => done(code));
    });
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (timedOut) {
      throw new Error(
        `schemathesis did not finish within ${bounds.timeoutMs} ms; its output so far:\n${output}`,
      );
    }
    if (!existsSync(reportPath)) {
      throw new Error(`schemathesis exited ${exitCode} without a report:\n${output}`);
    }
    const report = JSON.parse(readFileSync(reportPath, "utf8")) as SchemathesisReport;
    return { report, output, exitCode, ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The one line `npm test` prints in its summary (scripts/test.mjs). */
export function summaryLine(run: SchemathesisRun, bounds: SchemathesisBounds): string {
  const { report } = run;
  const failures = report.test_cases.unique_failures + report.errors.length;
  return (
    `Schemathesis ${report.schemathesis_version}: ${report.operations.tested}/${report.operations.total} operations, ` +
    `${report.test_cases.generated} cases, ${failures} failures ` +
    `(seed ${bounds.seed}, ${bounds.maxExamples} examples per operation, ${(run.ms / 1000).toFixed(1)} s)`
  );
}

/** What schemathesis printed from its FAILURES or ERRORS section on, for a failing test's message. */
export function failureSummary(output: string): string {
  const start = output.search(/^=+ (FAILURES|ERRORS) =+$/m);
  return start === -1 ? output : output.slice(start);
}

/** Every operation the document declares, as "METHOD /path". */
export function documentOperations(document: { paths?: Record<string, object> }): string[] {
  const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.has(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}
