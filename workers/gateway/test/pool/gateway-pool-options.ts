/// <reference types="node" />
/**
 * Vitest pool options of the gateway project (runs in Node when the pool starts): the gateway
 * from the top-level wrangler.toml, plus the devnode and the echo agent as REAL auxiliary
 * Workers. Those are TypeScript, so they are bundled with esbuild first; their bindings come
 * from their own wrangler configs, so they cannot drift from what deploys.
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Account, Ed25519PrivateKey, PrivateKey, PrivateKeyVariants } from "@aptos-labs/ts-sdk";
import { build } from "esbuild";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import {
  TEST_AGENTS,
  TEST_OPERATOR_PRIVATE_KEY,
  TEST_PROCESS_OWNER_PRIVATE_KEY,
} from "../support/test-secrets.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
// One folder per checkout: a shared one let another checkout's concurrent test run replace these
// bundles with its own agent code in the middle of this run.
const OUT_DIR = join(
  tmpdir(),
  `agentgate-gateway-test-workers-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}`,
);

async function auxiliaryWorker(args: {
  configPath: string;
  name: string;
  bindings: Record<string, string>;
}) {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(join(ROOT, args.configPath));
  if (main === undefined) throw new Error(`${args.configPath} has no main`);
  const outfile = join(OUT_DIR, `${args.name}.mjs`);
  await build({
    entryPoints: [main],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    external: ["cloudflare:*", "node:*"],
    logLevel: "error",
  });
  return {
    ...workerOptions,
    name: args.name,
    modules: true,
    modulesRoot: OUT_DIR,
    scriptPath: outfile,
    bindings: { ...workerOptions.bindings, ...args.bindings },
  };
}

function accountOf(privateKey: string): Account {
  return Account.fromPrivateKey({
    privateKey: new Ed25519PrivateKey(
      PrivateKey.formatPrivateKey(privateKey, PrivateKeyVariants.Ed25519),
    ),
  });
}

/** Every agent trusts the gateway's operator key and serves the test owner's processes. */
const AGENT_AUTH = {
  AGENT_GATEWAY_PUBLIC_KEYS: accountOf(TEST_OPERATOR_PRIVATE_KEY).publicKey.toString(),
  AGENT_OWNER_ADDRESS: accountOf(TEST_PROCESS_OWNER_PRIVATE_KEY).accountAddress.toStringLong(),
};

export async function gatewayPoolOptions() {
  await mkdir(OUT_DIR, { recursive: true });
  const [ledger, agent, textStats, jsonTransform] = await Promise.all([
    auxiliaryWorker({
      configPath: "workers/ledger/wrangler.toml",
      name: "agentgate-ledger",
      bindings: { DEV_CLOCK: "true" },
    }),
    auxiliaryWorker({
      configPath: "workers/agent/wrangler.toml",
      name: "agentgate-agent-echo",
      // Longer than the gateway's limit below, so the gateway's own time-out can be tested.
      bindings: { ...AGENT_AUTH, AGENT_TIMEOUT_MS: "10000" },
    }),
    // The other example agents the gateway's wrangler.toml binds, so every binding resolves.
    auxiliaryWorker({
      configPath: "workers/agent/examples/text-stats/wrangler.toml",
      name: "agentgate-agent-text-stats",
      bindings: AGENT_AUTH,
    }),
    auxiliaryWorker({
      configPath: "workers/agent/examples/json-transform/wrangler.toml",
      name: "agentgate-agent-json-transform",
      bindings: AGENT_AUTH,
    }),
  ]);
  // An agent deployment serves one process id, so each test process gets its own echo Worker.
  const agents = Object.entries(TEST_AGENTS).map(([binding, processId]) => ({
    ...agent,
    name: `agentgate-agent-${processId}`,
    bindings: { ...agent.bindings, AGENT_PROCESS_ID: processId },
    binding,
  }));
  return {
    wrangler: { configPath: join(ROOT, "wrangler.toml") },
    miniflare: {
      workers: [
        ledger,
        textStats,
        jsonTransform,
        ...agents.map(({ binding: _b, ...worker }) => worker),
      ],
      serviceBindings: {
        LEDGER: "agentgate-ledger",
        TEXT_STATS_AGENT: "agentgate-agent-text-stats",
        JSON_TRANSFORM_AGENT: "agentgate-agent-json-transform",
        ...Object.fromEntries(agents.map((a) => [a.binding, a.name])),
      },
      bindings: {
        OPERATOR_PRIVATE_KEY: TEST_OPERATOR_PRIVATE_KEY,
        AGENT_TIMEOUT_MS: "2000",
        PROCESS_CACHE_MS: "0",
      },
    },
  };
}
