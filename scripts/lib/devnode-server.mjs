#!/usr/bin/env node
// Runs the devnode Worker (workers/ledger) in workerd through Miniflare, with a workerd socket
// bound to the Worker itself: no dev proxy and no entry worker in front of it, which cost each
// request more CPU than the devnode spends answering (docs/benchmarks.md). It registers in the
// wrangler dev registry given by WRANGLER_REGISTRY_PATH, so a gateway started with `wrangler
// dev` still reaches it through its LEDGER service binding.
//
//   node scripts/lib/devnode-server.mjs --port 8080 --persist-to .state/ledger \
//     [--dev-faucet] [--dev-admin] [--dev-clock] [--request-timeout-ms 10000] \
//     [--faucet-port 8081] [--indexer-port 8090]
//
// The devnode's conveniences are off unless turned on (workers/ledger/README.md): the faucet
// (DEV_FAUCET), the package's admin-only functions under the public admin key (DEV_ADMIN) and
// POST /dev/clock/advance (DEV_CLOCK). The local stack turns them on, and puts the deadline front
// before the socket (--request-timeout-ms, deadline-front.mjs). With --faucet-port the faucet
// routes (and only they) are also served on a port of their own, and with --indexer-port the
// indexer stub: 8081 and 8090 in the local stack, where the ts-sdk's Network.LOCAL and the Aptos
// CLI look for a localnet's faucet and indexer (fundAccount waits for the indexer).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Miniflare } from "miniflare";
import { bundleWorker } from "./bundle-worker.mjs";
import { startDeadlineFront } from "./deadline-front.mjs";
import { stopOnSignals } from "./stop-on-signals.mjs";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORKER_NAME = "agentgate-ledger";
/** The devnode's faucet routes (workers/ledger/README.md, "Endpoints"): the SDK's and the CLI's. */
const FAUCET_PATHS = new Set(["/fund", "/mint"]);
/** The devnode's indexer stub, as Aptos localnet's indexer API serves it on its own port. */
const INDEXER_PATHS = new Set(["/v1/graphql"]);

/**
 * The front's own refusals in the Aptos node's error body, as the devnode Worker answers
 * (workers/ledger/src/node/errors.ts; the Aptos node API notes): what the node's web
 * framework refuses (a malformed request, an unknown route) is `web_framework_error`, a body
 * refused for its size or time `invalid_input` (the Worker's own words for those), a Worker that
 * did not answer `internal_error`.
 */
function aptosErrorBody({ status, message }) {
  const errorCode =
    status >= 500
      ? "internal_error"
      : status === 408 || status === 413
        ? "invalid_input"
        : "web_framework_error";
  return JSON.stringify({ message, error_code: errorCode, vm_error_code: null });
}

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
  // The wrangler environment to read, when the config has it (bundle-worker.mjs).
  env = "local",
  // When set, the public socket is a deadline front (deadline-front.mjs) before the workerd
  // socket: stalled requests time out after this many ms. The local stack sets it.
  requestTimeoutMs,
  // When set (0 picks a free port), the faucet routes alone are also served on this port, and
  // the indexer stub alone on indexerPort.
  faucetPort,
  indexerPort,
}) {
  const config = join(root, "workers", "ledger", "wrangler.jsonc");
  const scratch = mkdtempSync(join(tmpdir(), "agentgate-devnode-"));
  const workerOptions = await bundleWorker({
    configPath: config,
    outDir: scratch,
    env,
    name: WORKER_NAME,
  });
  mkdirSync(persistTo, { recursive: true });
  const mf = new Miniflare({
    ...workerOptions,
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
    unsafeDirectSockets: [requestTimeoutMs ? { host: "127.0.0.1", port: 0 } : { host, port }],
    defaultPersistRoot: join(persistTo, "v3"),
    durableObjectsPersist: true,
    logRequests: false,
    ...(registryPath ? { unsafeDevRegistryPath: registryPath } : {}),
  });
  const sides = {};
  try {
    await mf.ready;
    const direct = await mf.unsafeGetDirectURL(WORKER_NAME);
    const target = { host: direct.hostname, port: Number(direct.port) };
    // Up before the devnode's front (the local stack's), so a client that waits for the devnode
    // to answer finds these ports open too.
    for (const [name, sidePort, paths] of [
      ["faucet", faucetPort, FAUCET_PATHS],
      ["indexer", indexerPort, INDEXER_PATHS],
    ]) {
      if (sidePort === undefined) continue;
      sides[name] = await startDeadlineFront({
        host,
        port: sidePort,
        target,
        requestTimeoutMs: requestTimeoutMs ?? 10_000,
        paths,
        errorBody: aptosErrorBody,
      });
    }
    const front = requestTimeoutMs
      ? await startDeadlineFront({
          host,
          port,
          target,
          requestTimeoutMs,
          errorBody: aptosErrorBody,
        })
      : undefined;
    const origin = front?.origin ?? direct.origin;
    const stop = async () => {
      await Promise.all(Object.values(sides).map((side) => side.close()));
      await front?.close();
      await mf.dispose();
      rmSync(scratch, { recursive: true, force: true });
    };
    return {
      origin,
      ...(sides.faucet ? { faucetOrigin: sides.faucet.origin } : {}),
      ...(sides.indexer ? { indexerOrigin: sides.indexer.origin } : {}),
      stop,
    };
  } catch (error) {
    await Promise.all(Object.values(sides).map((side) => side.close().catch(() => undefined)));
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
      "request-timeout-ms": { type: "string" },
      "dev-faucet": { type: "boolean", default: false },
      "dev-admin": { type: "boolean", default: false },
      "faucet-port": { type: "string" },
      "indexer-port": { type: "string" },
    },
  });
  const portArg = (name) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      console.error(`devnode: --${name} must be a port number, got ${values[name]}`);
      process.exit(2);
    }
    return value;
  };
  const port = portArg("port");
  const faucetPort = values["faucet-port"] === undefined ? undefined : portArg("faucet-port");
  const indexerPort = values["indexer-port"] === undefined ? undefined : portArg("indexer-port");
  if (!values["persist-to"]) {
    console.error("devnode: --persist-to DIR is required");
    process.exit(2);
  }
  const server = await startDevnodeServer({
    port,
    persistTo: resolve(values["persist-to"]),
    devClock: values["dev-clock"],
    requestTimeoutMs: values["request-timeout-ms"]
      ? Number(values["request-timeout-ms"])
      : undefined,
    devFaucet: values["dev-faucet"],
    devAdmin: values["dev-admin"],
    faucetPort,
    indexerPort,
  });
  const also = [
    server.faucetOrigin && `faucet on ${server.faucetOrigin}`,
    server.indexerOrigin && `indexer on ${server.indexerOrigin}`,
  ].filter(Boolean);
  console.log(`devnode ready on ${server.origin}${also.length ? ` (${also.join(", ")})` : ""}`);
  stopOnSignals(server);
}
