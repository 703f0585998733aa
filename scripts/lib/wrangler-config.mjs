// Small reads of a wrangler.toml, without loading wrangler itself (whose module installs signal
// handlers of its own, which would end `npm start` on Ctrl-C before it stopped its children).
import { existsSync, readFileSync } from "node:fs";

/**
 * True when the wrangler config at configPath has an `[env.<name>]` section. Asking wrangler for
 * an environment the config does not have only warns and falls back to the top level, so callers
 * ask for one only when it is there.
 */
export function configHasEnv(configPath, env) {
  if (!env || !existsSync(configPath)) return false;
  const toml = readFileSync(configPath, "utf8");
  return new RegExp(`^\\s*\\[\\[?env\\.${env.replace(/[^\w-]/g, "")}[.\\]]`, "m").test(toml);
}

/** The `name = "…"` at the top of a wrangler.toml (before any table). */
export function topLevelName(configPath) {
  const head = readFileSync(configPath, "utf8").split(/^\s*\[/m)[0] ?? "";
  const match = /^\s*name\s*=\s*"([^"]+)"/m.exec(head);
  if (!match?.[1]) throw new Error(`${configPath} has no top-level name`);
  return match[1];
}
