/// <reference types="node" />
/**
 * Vitest pool options of the gateway project (runs in Node when the pool starts): the gateway
 * from the top-level wrangler.jsonc's `local` environment (the default one deploys for a real
 * network, without the devnode), plus the devnode and the echo agent as REAL auxiliary
 * Workers. Those are TypeScript, so they are bundled with esbuild first; their bindings come
 * from their own wrangler configs, so they cannot drift from what deploys.
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import {
  bundleWorker,
  bundleWorkerCode,
  runCustomBuild,
} from "../../../../scripts/lib/bundle-worker.mjs";
import {
  PEER_GATEWAY_ORIGINS,
  TEST_AGENTS,
  TEST_OPERATOR_C_PRIVATE_KEY,
  TEST_OPERATOR_PRIVATE_KEY,
  TEST_PROCESS_OWNER_PRIVATE_KEY,
} from "../support/test-secrets.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
// One folder per checkout: two checkouts testing at once must not run each other's bundles.
const OUT_DIR = join(
  tmpdir(),
  `agentgate-gateway-test-workers-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}`,
);

/** A Worker of the repository bundled from its wrangler config (scripts/lib/bundle-worker.mjs). */
async function auxiliaryWorker(args: {
  configPath: string;
  name: string;
  bindings: Record<string, string>;
}) {
  const worker = await bundleWorker({
    configPath: join(ROOT, args.configPath),
    outDir: OUT_DIR,
    name: args.name,
  });
  return { ...worker, bindings: { ...worker.bindings, ...args.bindings } };
}

/** A test-only Worker of test/support (no wrangler config): its Durable Objects declared here. */
async function testSupportWorker(args: {
  entry: string;
  name: string;
  durableObjects?: Record<string, string>;
  serviceBindings?: Record<string, string>;
}) {
  const outfile = await bundleWorkerCode({
    entry: join(import.meta.dirname, "../support", args.entry),
    outfile: join(OUT_DIR, `${args.name}.mjs`),
  });
  return {
    name: args.name,
    modules: true,
    modulesRoot: OUT_DIR,
    scriptPath: outfile,
    compatibilityDate: "2026-04-01",
    compatibilityFlags: ["nodejs_compat"],
    durableObjects: args.durableObjects ?? {},
    serviceBindings: args.serviceBindings ?? {},
  };
}

/** The counting agent (test/support/counting-agent): counts runs per payment. */
function countingAgentWorker() {
  return testSupportWorker({
    entry: "counting-agent/counting-agent.ts",
    name: "agentgate-counting-agent",
    durableObjects: { RUN_COUNTER: "RunCounterObject" },
  });
}

/**
 * The hostile agent (test/support/hostile-agent): endless, oversized, gzip-bomb, dripping and
 * malformed answers, and hostile schemas, counted per process (issue 20).
 */
function hostileAgentWorker() {
  return testSupportWorker({
    entry: "hostile-agent/hostile-agent.ts",
    name: "agentgate-hostile-agent",
    durableObjects: { REQUEST_COUNTER: "RequestCounterObject" },
  });
}

/**
 * The faulty ledger (test/support/faulty-ledger): the devnode, or a 503 or 400 when a test says
 * so; gateway FAULTY (peerGatewayWorkers) reads its ledger through it.
 */
function faultyLedgerWorker() {
  return testSupportWorker({
    entry: "faulty-ledger/faulty-ledger.ts",
    name: "agentgate-faulty-ledger",
    serviceBindings: { LEDGER: "agentgate-ledger" },
  });
}

function accountOf(privateKey: string): Account {
  return Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(
      PrivateKey.formatPrivateKey(privateKey, PrivateKeyVariants.Ed25519),
    ),
  });
}

/**
 * Every agent trusts the gateway's operator key, and gateway C's (peerGatewayWorkers), and serves
 * the test owner's processes.
 */
const AGENT_AUTH = {
  AGENT_GATEWAY_PUBLIC_KEYS: [TEST_OPERATOR_PRIVATE_KEY, TEST_OPERATOR_C_PRIVATE_KEY]
    .map((key) => accountOf(key).publicKey.toString())
    .join(","),
  AGENT_OWNER_ADDRESS: accountOf(TEST_PROCESS_OWNER_PRIVATE_KEY).accountAddress.toStringLong(),
};

/**
 * Two more deployments of the gateway (issue 20, "One payment, one run, across deployments"),
 * bundled once from the same `local` environment as the main one: each Worker has its own name,
 * hence its own Durable Objects (claims, reports, operator account), and shares only the devnode
 * and the counting agent with the main gateway. B runs with the main operator key, C with
 * another; tests reach them through the main gateway's GATEWAY_B and GATEWAY_C bindings.
 */
async function peerGatewayWorkers() {
  const gateway = await bundleWorker({
    configPath: join(ROOT, "wrangler.jsonc"),
    outDir: OUT_DIR,
    env: "local",
    name: "agentgate-gateway-peer",
  });
  const peer = (name: keyof typeof PEER_GATEWAY_ORIGINS, operatorKey: string) => ({
    ...gateway,
    name: `agentgate-${name.toLowerCase().replace("_", "-")}`,
    serviceBindings: {
      ...gateway.serviceBindings,
      ECHO_AGENT: "agentgate-agent-echo-free",
      COUNTING_AGENT: "agentgate-counting-agent",
    },
    bindings: {
      ...gateway.bindings,
      OPERATOR_PRIVATE_KEY: operatorKey,
      PUBLIC_ORIGIN: PEER_GATEWAY_ORIGINS[name],
      OPERATOR_OWNERS: "*",
      AGENT_BINDINGS: "COUNTING_AGENT",
      AGENT_TIMEOUT_MS: "2000",
      PROCESS_CACHE_MS: "0",
    },
  });
  // Gateway LONG (issue 21, MCP progress): the slow example agent with a time limit its
  // minute-and-a-half runs fit in, which the 2 s of the others cut.
  const long = peer("GATEWAY_LONG", TEST_OPERATOR_PRIVATE_KEY);
  // Gateway FAULTY: its ledger, in its Durable Objects too, is the faulty ledger's.
  const faulty = peer("GATEWAY_FAULTY", TEST_OPERATOR_PRIVATE_KEY);
  return [
    peer("GATEWAY_B", TEST_OPERATOR_PRIVATE_KEY),
    peer("GATEWAY_C", TEST_OPERATOR_C_PRIVATE_KEY),
    {
      ...faulty,
      serviceBindings: { ...faulty.serviceBindings, LEDGER: "agentgate-faulty-ledger" },
    },
    {
      ...long,
      serviceBindings: {
        ...long.serviceBindings,
        SLOW_REPORT_AGENT: "agentgate-agent-slow-report",
      },
      bindings: {
        ...long.bindings,
        AGENT_BINDINGS: "SLOW_REPORT_AGENT",
        AGENT_TIMEOUT_MS: "150000",
      },
    },
  ];
}

export async function gatewayPoolOptions() {
  await mkdir(OUT_DIR, { recursive: true });
  // The gateway's custom build (the console's bundle, which it imports), as wrangler would run it.
  await runCustomBuild(join(ROOT, "wrangler.jsonc"));
  const peerGatewaysBundled = peerGatewayWorkers();
  // The slow example agent (issue 21), bundled alongside the others below.
  const slowReportBundled = auxiliaryWorker({
    configPath: "workers/agent/examples/slow-report/wrangler.jsonc",
    name: "agentgate-agent-slow-report",
    bindings: AGENT_AUTH,
  });
  const faultyLedgerBundled = faultyLedgerWorker();
  const [ledger, agent, textStats, jsonTransform, counting, hostile] = await Promise.all([
    auxiliaryWorker({
      configPath: "workers/ledger/wrangler.jsonc",
      name: "agentgate-ledger",
      // The devnode's conveniences are off unless configured; the tests use all three.
      bindings: { DEV_CLOCK: "true", DEV_FAUCET: "true", DEV_ADMIN: "true" },
    }),
    auxiliaryWorker({
      configPath: "workers/agent/wrangler.jsonc",
      name: "agentgate-agent-echo",
      // Longer than the gateway's limit below, so the gateway's own time-out can be tested.
      bindings: { ...AGENT_AUTH, AGENT_TIMEOUT_MS: "10000" },
    }),
    // The other example agents the gateway's wrangler.jsonc binds, so every binding resolves.
    auxiliaryWorker({
      configPath: "workers/agent/examples/text-stats/wrangler.jsonc",
      name: "agentgate-agent-text-stats",
      bindings: AGENT_AUTH,
    }),
    auxiliaryWorker({
      configPath: "workers/agent/examples/json-transform/wrangler.jsonc",
      name: "agentgate-agent-json-transform",
      bindings: AGENT_AUTH,
    }),
    countingAgentWorker(),
    hostileAgentWorker(),
  ]);
  const peerGateways = await peerGatewaysBundled;
  const faultyLedger = await faultyLedgerBundled;
  const slowReport = await slowReportBundled;
  // An agent deployment serves one process id, so each test process gets its own echo Worker.
  const agents = Object.entries(TEST_AGENTS).map(([binding, processId]) => ({
    ...agent,
    name: `agentgate-agent-${processId}`,
    bindings: { ...agent.bindings, AGENT_PROCESS_ID: processId },
    binding,
  }));
  return {
    wrangler: { configPath: join(ROOT, "wrangler.jsonc"), environment: "local" },
    miniflare: {
      workers: [
        ledger,
        textStats,
        jsonTransform,
        slowReport,
        counting,
        hostile,
        faultyLedger,
        ...agents.map(({ binding: _b, ...worker }) => worker),
        ...peerGateways,
        // A Worker declared as an agent that answers no AgentResponse (the gateway's 500 case).
        {
          name: "agentgate-not-an-agent",
          modules: true,
          script: "export default { fetch: () => new Response('not an agent') };",
        },
      ],
      serviceBindings: {
        LEDGER: "agentgate-ledger",
        TEXT_STATS_AGENT: "agentgate-agent-text-stats",
        JSON_TRANSFORM_AGENT: "agentgate-agent-json-transform",
        SLOW_REPORT_AGENT: "agentgate-agent-slow-report",
        // Test-only: counts runs per payment (issue 12's "ran exactly once" on the agent's side).
        COUNTING_AGENT: "agentgate-counting-agent",
        NOT_AN_AGENT: "agentgate-not-an-agent",
        // Test-only: answers as an attacker would, per process (issue 20's hostile agent).
        HOSTILE_AGENT: "agentgate-hostile-agent",
        ...Object.fromEntries(agents.map((a) => [a.binding, a.name])),
        // Test-only: two more deployments of this gateway (peerGatewayWorkers).
        GATEWAY_B: "agentgate-gateway-b",
        GATEWAY_C: "agentgate-gateway-c",
        GATEWAY_LONG: "agentgate-gateway-long",
        // Test-only: gateway FAULTY and the switch of its ledger's fault (faultyLedgerWorker).
        GATEWAY_FAULTY: "agentgate-gateway-faulty",
        FAULTY_LEDGER: "agentgate-faulty-ledger",
      },
      bindings: {
        OPERATOR_PRIVATE_KEY: TEST_OPERATOR_PRIVATE_KEY,
        // The origin tests send to (support/ledger-fixtures.ts GATEWAY): caller proofs name it.
        PUBLIC_ORIGIN: "https://gateway.test",
        OPERATOR_OWNERS: "*",
        // LEDGER is listed on purpose: the gateway must refuse it even then
        // (test/integration/service-url-ssrf.test.ts).
        AGENT_BINDINGS: [
          "LEDGER",
          "TEXT_STATS_AGENT",
          "JSON_TRANSFORM_AGENT",
          "SLOW_REPORT_AGENT",
          "NOT_AN_AGENT",
          "COUNTING_AGENT",
          "HOSTILE_AGENT",
          ...agents.map((a) => a.binding),
        ].join(","),
        AGENT_TIMEOUT_MS: "2000",
        PROCESS_CACHE_MS: "0",
      },
    },
  };
}
