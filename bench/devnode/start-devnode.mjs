// Starts the devnode Worker on 127.0.0.1 with a throwaway persistence directory: as the local
// stack runs it ("wrangler": wrangler's unstable_startWorker, which puts wrangler's dev proxy in
// front), or in workerd through Miniflare with the same wrangler config, either behind
// Miniflare's entry worker ("direct") or on a workerd socket bound to the devnode Worker itself
// ("socket": no hop but the devnode's own).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_startWorker } from "wrangler";

export async function startDevnode({ root, runtime }) {
  const config = join(root, "workers/ledger/wrangler.toml");
  const scratch = mkdtempSync(join(tmpdir(), "devnode-bench-"));
  const cleanup = () => rmSync(scratch, { recursive: true, force: true });
  if (runtime === "wrangler") {
    const worker = await unstable_startWorker({
      config,
      dev: {
        server: { hostname: "127.0.0.1", port: 0 },
        inspector: false,
        persist: join(scratch, "state"),
        logLevel: "error",
        watch: false,
      },
    });
    await worker.ready;
    const origin = (await worker.url).origin;
    const stop = async () => {
      await worker.dispose();
      cleanup();
    };
    return { origin, stop };
  }
  const bundle = join(scratch, "index.js");
  await build({
    entryPoints: [join(root, "workers/ledger/src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*", "node:*"],
    outfile: bundle,
    logLevel: "error",
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const mf = new Miniflare({
    ...workerOptions,
    name: "agentgate-ledger",
    modules: true,
    modulesRoot: scratch,
    scriptPath: bundle,
    host: "127.0.0.1",
    port: 0,
    logRequests: false,
    defaultPersistRoot: join(scratch, "state"),
    durableObjectsPersist: true,
    ...(runtime === "socket" ? { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] } : {}),
  });
  const entry = (await mf.ready).origin;
  const origin =
    runtime === "socket" ? (await mf.unsafeGetDirectURL("agentgate-ledger")).origin : entry;
  const stop = async () => {
    await mf.dispose();
    cleanup();
  };
  return { origin, stop };
}
