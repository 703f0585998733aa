#!/usr/bin/env node
// Runs the gateway and the example agents in workerd through Miniflare, each Worker on a socket
// of its own bound straight to it, behind only the small deadline front (deadline-front.mjs): no
// dev proxy in front (wrangler dev's fell over under clients
// that abort uploads and answered some malformed requests with a stack trace, issue 13 door 10).
// The gateway keeps its bindings: its Durable Objects (persisted under --persist-to, laid out as
// `wrangler dev --persist-to` lays them out), a service binding per agent, and LEDGER to the
// devnode's own socket (devnode-server.mjs). Keys come from the stack's state folder
// (stack-keys.mjs), never from the command line. Prints one line `ready {json}` with the origins.
//
//   node scripts/lib/workers-server.mjs --state .state --gateway-port 8787 --ledger 127.0.0.1:8080 \
//     --agent workers/agent/examples/echo/wrangler.jsonc [--agent …] [--operator-owners '*']
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { bundleWorker } from "./bundle-worker.mjs";
import { startDeadlineFront } from "./deadline-front.mjs";
import { ensureStackKeys } from "./stack-keys.mjs";
import { stopOnSignals } from "./stop-on-signals.mjs";

const ROOT = resolve(import.meta.dirname, "..", "..");
const GATEWAY = "agentgate-gateway";
const LEDGER_BINDING = "LEDGER";
/** The wrangler environment the local stack reads, when a config has it (bundle-worker.mjs). */
const ENV = "local";

/**
 * Starts the gateway (on host:gatewayPort) and every agent of agentConfigs (each on a free port)
 * in one workerd. Resolves with their origins, keyed by the gateway's binding name for agents.
 */
export async function startWorkersServer({
  root = ROOT,
  host = "127.0.0.1",
  gatewayPort,
  ledgerAddress,
  agentConfigs,
  stateDir,
  persistTo = join(stateDir, "gateway"),
  operatorOwners,
  // How long a request's head and body may take to arrive (deadline-front.mjs).
  requestTimeoutMs = 10_000,
}) {
  const keys = ensureStackKeys(stateDir);
  const scratch = mkdtempSync(join(tmpdir(), "agentgate-workers-"));
  try {
    const gatewayConfig = join(root, "wrangler.jsonc");
    const [gateway, ...agents] = await Promise.all([
      bundleWorker({ configPath: gatewayConfig, outDir: scratch, env: ENV, name: GATEWAY }),
      ...agentConfigs.map((config) =>
        bundleWorker({ configPath: resolve(root, config), outDir: scratch, env: ENV }),
      ),
    ]);
    // The gateway's bindings to agents whose Worker runs here; bindings to others are dropped
    // (a stack started with only the echo agent), as is any binding to a Worker not started.
    const agentNames = new Set(agents.map((agent) => agent.name));
    const agentBindings = {};
    for (const [binding, target] of Object.entries(gateway.serviceBindings ?? {})) {
      const name = typeof target === "string" ? target : target?.name;
      if (binding !== LEDGER_BINDING && agentNames.has(name)) agentBindings[binding] = name;
    }
    const origin = `http://${host}:${gatewayPort}`;
    const gatewayWorker = {
      ...gateway,
      serviceBindings: {
        ...agentBindings,
        [LEDGER_BINDING]: { external: { address: ledgerAddress, http: {} } },
      },
      bindings: {
        ...gateway.bindings,
        OPERATOR_PRIVATE_KEY: keys.operator.privateKey,
        PUBLIC_ORIGIN: origin,
        OPERATOR_OWNERS: operatorOwners ?? keys.examplesOwner.address,
        AGENT_BINDINGS: Object.keys(agentBindings).join(","),
      },
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    };
    const agentWorkers = agents.map((agent) => ({
      ...agent,
      bindings: {
        ...agent.bindings,
        AGENT_GATEWAY_PUBLIC_KEYS: keys.operator.publicKey,
        AGENT_OWNER_ADDRESS: keys.examplesOwner.address,
        // The endpoint their agent cards name (docs/agent.md, "Agent card").
        AGENT_GATEWAY_URL: origin,
      },
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    }));
    mkdirSync(persistTo, { recursive: true });
    const mf = new Miniflare({
      workers: [gatewayWorker, ...agentWorkers],
      host: "127.0.0.1",
      port: 0,
      defaultPersistRoot: join(persistTo, "v3"),
      durableObjectsPersist: true,
      // Workers' console output reaches this process's stdout (the stack keeps its tail).
      log: new Log(LogLevel.WARN),
      // No lookup of Cloudflare's request.cf data: the local stack has no network.
      cf: false,
      logRequests: false,
    });
    await mf.ready;
    const fronts = [];
    // Each Worker's public socket: a deadline front before its own workerd socket.
    const serve = async (name, port) => {
      const direct = await mf.unsafeGetDirectURL(name);
      const front = await startDeadlineFront({
        host,
        port,
        target: { host: direct.hostname, port: Number(direct.port) },
        requestTimeoutMs,
      });
      fronts.push(front);
      return front.origin;
    };
    const gatewayOrigin = await serve(GATEWAY, gatewayPort);
    const agentOrigins = {};
    for (const [binding, name] of Object.entries(agentBindings)) {
      agentOrigins[binding] = await serve(name, 0);
    }
    // Agents the gateway config does not bind still get a socket; named by Worker.
    for (const agent of agentWorkers) {
      if (!Object.values(agentBindings).includes(agent.name)) {
        agentOrigins[agent.name] = await serve(agent.name, 0);
      }
    }
    const stop = async () => {
      await Promise.all(fronts.map((front) => front.close()));
      await mf.dispose();
      rmSync(scratch, { recursive: true, force: true });
    };
    return { gatewayOrigin, agentOrigins, stop };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({
    options: {
      state: { type: "string" },
      "gateway-port": { type: "string" },
      ledger: { type: "string" },
      agent: { type: "string", multiple: true, default: [] },
      "operator-owners": { type: "string" },
      "request-timeout-ms": { type: "string", default: "10000" },
    },
  });
  const port = Number(values["gateway-port"]);
  if (!values.state || !values.ledger || !Number.isInteger(port) || port < 1 || port > 65535) {
    console.error("workers: --state DIR --gateway-port N --ledger HOST:PORT are required");
    process.exit(2);
  }
  const server = await startWorkersServer({
    gatewayPort: port,
    ledgerAddress: values.ledger,
    agentConfigs: values.agent,
    stateDir: resolve(values.state),
    operatorOwners: values["operator-owners"],
    requestTimeoutMs: Number(values["request-timeout-ms"]),
  });
  console.log(
    `ready ${JSON.stringify({ gateway: server.gatewayOrigin, agents: server.agentOrigins })}`,
  );
  stopOnSignals(server);
}
