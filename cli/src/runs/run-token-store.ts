/**
 * The access tokens of the runs this CLI started, so `watch`, `result` and `cancel-run -x <id>`
 * need no token typed (README.md, "watch, result, cancel-run"). One JSON file, mode 0600 in a
 * 0700 folder: `$AGENTGATE_HOME/run-tokens.json`, else `~/.agentgate/run-tokens.json`. A token
 * is kept until the gateway deletes its run (24 h after the run ends, docs/gateway.md "Runs"),
 * and only for the gateway that issued it: it is never sent to another.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";

/** How long the gateway keeps a run after it ends (RUN_KEEP_MS). */
export const RUN_KEEP_MS = 24 * 60 * 60 * 1000;
/** The most runs kept; the ones nearest their end of keep go first. */
export const MAX_STORED_RUNS = 500;
/** A bigger file is not this CLI's: it is read as empty, and replaced on the next write. */
const MAX_FILE_BYTES = 1024 * 1024;

const storedRunSchema = z.object({
  transactionId: z.string().max(200),
  gateway: z.string().max(2000),
  processId: z.string().max(200),
  token: z.string().max(512),
  keepUntil: z.number(),
});
export type StoredRun = z.infer<typeof storedRunSchema>;
const storeSchema = z.object({ runs: z.array(storedRunSchema).max(MAX_STORED_RUNS * 2) });

export function runTokenStorePath(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const base = env.AGENTGATE_HOME?.trim() || join(home, ".agentgate");
  return join(base, "run-tokens.json");
}

/** A gateway as runs are keyed by: its origin and base path, as `--gateway` names it. */
export function gatewayKey(gateway: URL): string {
  return `${gateway.origin}${gateway.pathname.replace(/\/+$/, "")}`;
}

function readRuns(path: string): StoredRun[] {
  try {
    if (statSync(path).size > MAX_FILE_BYTES) return [];
    const parsed = storeSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success ? parsed.data.runs : [];
  } catch {
    return [];
  }
}

function live(runs: StoredRun[], now: number): StoredRun[] {
  return runs
    .filter((run) => run.keepUntil > now)
    .sort((a, b) => b.keepUntil - a.keepUntil)
    .slice(0, MAX_STORED_RUNS);
}

/**
 * Keeps a new run's token (and drops the expired ones). The token lives until the run's
 * `expiresAt` as the gateway announced it, and at least 24 h from now. An error value when the
 * file cannot be written: the run goes on, only the token is not kept.
 */
export function rememberRunToken(args: {
  path: string;
  run: Omit<StoredRun, "keepUntil">;
  expiresAt: string;
  now: number;
}): { ok: true } | { ok: false; reason: string } {
  const announced = Date.parse(args.expiresAt);
  const keepUntil = Math.max(Number.isFinite(announced) ? announced : 0, args.now + RUN_KEEP_MS);
  const others = readRuns(args.path).filter((r) => r.transactionId !== args.run.transactionId);
  const runs = live([{ ...args.run, keepUntil }, ...others], args.now);
  try {
    mkdirSync(dirname(args.path), { recursive: true, mode: 0o700 });
    const temporary = `${args.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ runs })}\n`, { mode: 0o600 });
    // An existing temporary file keeps its mode through writeFileSync: set it again.
    chmodSync(temporary, 0o600);
    renameSync(temporary, args.path);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The kept token of this run on this gateway, if any and not expired. */
export function findRunToken(args: {
  path: string;
  transactionId: string;
  gateway: URL;
  now: number;
}): StoredRun | undefined {
  const key = gatewayKey(args.gateway);
  return live(readRuns(args.path), args.now).find(
    (run) => run.transactionId === args.transactionId && run.gateway === key,
  );
}
