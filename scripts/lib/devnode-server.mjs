#!/usr/bin/env node
// Runs the devnode Worker (workers/ledger) in workerd through Miniflare, with a workerd socket
// bound to the Worker itself: no dev proxy and no entry worker in front of it, which cost each
// request more CPU than the devnode spends answering (docs/benchmarks.md). It registers in the
// wrangler dev registry given by WRANGLER_REGISTRY_PATH, so a gateway started with `wrangler
// dev` still reaches it through its LEDGER service binding.
//
//   node scripts/lib/devnode-server.mjs --port 8080 --persist-to .state/ledger \
//     [--dev-faucet] [--dev-admin] [--dev-clock]
//
// The devnode's conveniences are off unless turned on (workers/ledger/README.md): the faucet
// (DEV_FAUCET), the package's admin-only functions under the public admin key (DEV_ADMIN) and
// POST /dev/clock/advance (DEV_CLOCK). The local stack turns them on.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORKER_NAME = "agentgate-ledger";

/**
 * Starts the devnode on host:port (0 picks a free port) with its Durable Object state under
 * persistTo, laid out as `wrangler dev --persist-to` lays it out, so the two can take turns on
 * one state folder. Resolves with its origin and a stop function.
 */
export async function startDevnodeServer({
  root = ROOT,
  host = "127.0.0.1",
  port = 0,
  persistTo,
  devClock = false,
  bodyTimeoutMs,
  devFaucet = false,
  devAdmin = false,
  registryPath = process.env.WRANGLER_REGISTRY_PATH,
}) {
  const config = join(root, "workers", "ledger", "wrangler.toml");
  const scratch = mkdtempSync(join(tmpdir(), "agentgate-devnode-"));
  const bundle = join(scratch, "index.js");
  await build({
    entryPoints: [join(root, "workers", "ledger", "src", "index.ts")],
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
  mkdirSync(persistTo, { recursive: true });
  const mf = new Miniflare({
    ...workerOptions,
    name: WORKER_NAME,
    modules: true,
    modulesRoot: scratch,
    scriptPath: bundle,
    bindings: {
      ...workerOptions.bindings,
      DEV_CLOCK: devClock ? "true" : "false",
      // How long the devnode waits for a request body (workers/ledger/src/request-body.ts).
      ...(bodyTimeoutMs ? { BODY_TIMEOUT_MS: String(bodyTimeoutMs) } : {}),
      DEV_FAUCET: devFaucet ? "true" : "false",
      DEV_ADMIN: devAdmin ? "true" : "false",
    },
    host: "127.0.0.1",
    port: 0,
    unsafeDirectSockets: [{ host, port }],
    defaultPersistRoot: join(persistTo, "v3"),
    durableObjectsPersist: true,
    logRequests: false,
    ...(registryPath ? { unsafeDevRegistryPath: registryPath } : {}),
  });
  try {
    await mf.ready;
    const origin = (await mf.unsafeGetDirectURL(WORKER_NAME)).origin;
    const stop = async () => {
      await mf.dispose();
      rmSync(scratch, { recursive: true, force: true });
    };
    return { origin, stop };
  } catch (error) {
    await mf.dispose().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8080" },
      "persist-to": { type: "string" },
      "dev-clock": { type: "boolean", default: false },
      "dev-faucet": { type: "boolean", default: false },
      "dev-admin": { type: "boolean", default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`devnode: --port must be a port number, got ${values.port}`);
    process.exit(2);
  }
  if (!values["persist-to"]) {
    console.error("devnode: --persist-to DIR is required");
    process.exit(2);
  }
  const server = await startDevnodeServer({
    port,
    persistTo: resolve(values["persist-to"]),
    devClock: values["dev-clock"],
    devFaucet: values["dev-faucet"],
    devAdmin: values["dev-admin"],
  });
  console.log(`devnode ready on ${server.origin}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
