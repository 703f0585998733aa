// Bundles one Worker for Miniflare from its wrangler config: the config's bindings, Durable
// Objects and compatibility settings (wrangler's own reading of it) plus the Worker's TypeScript
// bundled with esbuild, as wrangler would bundle it. The local stack's servers (devnode-server.mjs,
// workers-server.mjs) use it, so what runs locally comes from the same config that deploys.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { configHasEnv, readWranglerConfig, topLevelName } from "./wrangler-config.mjs";

/** A wrangler glob (`**` across folders, `*` within one) as a regular expression on a path. */
function globPattern(glob) {
  const source = glob
    .split("**/")
    .map((part) =>
      part
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join("(?:.*/)?");
  return new RegExp(`(?:^|/)${source}$`);
}

/**
 * The config's `Text` module rules as an esbuild plugin, so a file wrangler would import as text
 * (the gateway's /docs bundle) is bundled the same way here.
 */
function textRulesPlugin(configPath) {
  const rules = readWranglerConfig(configPath).rules;
  const patterns = (Array.isArray(rules) ? rules : [])
    .filter((rule) => rule?.type === "Text")
    .flatMap((rule) => rule.globs ?? [])
    .map(globPattern);
  return {
    name: "wrangler-text-rules",
    setup(esbuild) {
      if (patterns.length === 0) return;
      esbuild.onLoad({ filter: /.*/ }, async (args) => {
        const path = args.path.replaceAll("\\", "/");
        if (!patterns.some((pattern) => pattern.test(path))) return undefined;
        return { contents: await readFile(args.path, "utf8"), loader: "text" };
      });
    },
  };
}

/** One run of each config's custom build per process, shared by every bundle made from it. */
const customBuilds = new Map();

/**
 * The config's custom build (`build.command`, run in the config's folder), as wrangler runs it
 * before it bundles: the gateway's builds the console (console/build.mjs). Once per config per
 * process; resolves when it is done, at once for a config without one.
 */
export function runCustomBuild(configPath) {
  const command = readWranglerConfig(configPath).build?.command;
  if (typeof command !== "string" || command === "") return Promise.resolve();
  let running = customBuilds.get(configPath);
  if (running === undefined) {
    running = promisify(execFile)("/bin/sh", ["-c", command], { cwd: dirname(configPath) });
    customBuilds.set(configPath, running);
  }
  return running;
}

/**
 * Bundles a Worker's entry module for workerd as wrangler would (ESM, workerd conditions, the
 * runtime's own modules left external) into outfile, after the config's custom build. Every
 * Worker bundle of the repository goes through here: the local stack, the test pools and the
 * benches.
 */
export async function bundleWorkerCode({ entry, outfile, configPath }) {
  if (configPath !== undefined) await runCustomBuild(configPath);
  await build({
    // The config's Text module rules, as wrangler applies them (the gateway's /docs bundle).
    plugins: configPath === undefined ? [] : [textRulesPlugin(configPath)],
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "error",
  });
  return outfile;
}

/**
 * Miniflare worker options for the Worker of configPath, its code bundled into outDir/<name>.mjs.
 * `env` selects a wrangler environment when the config has it. The worker is named `name`
 * (default: the config's top-level name) so its Durable Object state keeps one place whatever the
 * environment. Secrets and extra vars are the caller's to add to `bindings`.
 */
export async function bundleWorker({ configPath, outDir, env, name }) {
  const useEnv = configHasEnv(configPath, env) ? env : undefined;
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath, useEnv);
  if (main === undefined) throw new Error(`${configPath} has no main`);
  const workerName = name ?? topLevelName(configPath);
  const outfile = join(outDir, `${workerName}.mjs`);
  await bundleWorkerCode({ entry: main, outfile, configPath });
  return {
    ...workerOptions,
    name: workerName,
    modules: true,
    modulesRoot: outDir,
    scriptPath: outfile,
    bindings: { ...workerOptions.bindings },
  };
}
