#!/usr/bin/env node
// The gateway's figures, from one run, all on one workerd (Miniflare, in this process):
//   - execute requests per second and p50/p99 for a free process through the gateway, for the
//     echo agent called directly, and for a bare Hono hello Worker;
//   - ledger requests per paid execute (counted by a proxy Worker in front of the devnode);
//   - a paid run's client-observed latency, paying and running in one request against pay, wait
//     and execute done separately, and paid against free execute throughput (pay-and-run.mjs);
//   - a free run's async submit to its final SSE event against the blocking execute, and the
//     final event's delivery latency (async-runs.mjs), with the echo agent answering at once (the
//     figure issue 21's target reads) and again working --async-agent-ms (default 100);
//   - a free process's blocking A2A SendMessage against the blocking execute (a2a-send.mjs);
//   - list p50 over N registered processes with a tag filter;
//   - the data check against hostile input schemas (schema-check.mjs, which also runs alone).
//
// The devnode (with the bench's ledger request counter in front of it) runs in a workerd of its
// own, reached over loopback HTTP, as `npm start` runs it (scripts/lib/stack.mjs) and as a real
// node is reached: workerd serves a process's requests on one thread, and a ledger on the
// gateway's thread would charge the node's work to the gateway. `--devnode shared` puts it back
// in the gateway's workerd behind a service binding, as the bench ran before 2026-11-27
// (docs/benchmarks.md, "The devnode in a workerd of its own").
//
//   node bench/gateway/run.mjs [--requests 3000] [--rounds 3] [--concurrency 16] [--processes 10000]
//     [--pay-runs 30] [--paid-requests 100] [--client-rtt-ms 0] [--async-runs 30] [--async-agent-ms 100]
//     [--a2a-runs 30] [--devnode apart|shared] [--cpu-profile DIR] (CPU profiles of the devnode, the gateway, the paid agent and the bench's
//     ledger request counter over the first round of paid throughput, cpu-profile.mjs)
//
// Not part of `npm test`. Loopback only, a bounded number of requests; state in a temp folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { bundleWorkerCode } from "../../scripts/lib/bundle-worker.mjs";
import { benchOptions } from "../options.mjs";
import { percentile } from "../percentile.mjs";
import { childWorkerdPids, serverCpuMs } from "../server-cpu.mjs";
import { a2aSendFigures, printA2aSend } from "./a2a-send.mjs";
import { asyncRunFigures, printAsyncRuns } from "./async-runs.mjs";
import { profileWorkers } from "./cpu-profile.mjs";
import { payAndRunFigures, printPayAndRun } from "./pay-and-run.mjs";
import { printSchemaCheck, schemaCheckFigures } from "./schema-check.mjs";

const options = benchOptions({
  integers: {
    requests: { fallback: 3000 },
    rounds: { fallback: 3 },
    concurrency: { fallback: 16 },
    processes: { fallback: 10000 },
    "paid-executes": { fallback: 20 },
    "list-requests": { fallback: 200 },
    "pay-runs": { fallback: 30 },
    "paid-requests": { fallback: 100 },
    "client-rtt-ms": { fallback: 0, min: 0 },
    "async-runs": { fallback: 30 },
    "async-agent-ms": { fallback: 100, min: 0 },
    "a2a-runs": { fallback: 30 },
  },
  strings: { "cpu-profile": "", devnode: "apart" },
});
const DEVNODE_APART = options.devnode === "apart";
if (!DEVNODE_APART && options.devnode !== "shared")
  throw new Error(`--devnode is apart or shared, not ${options.devnode}`);
const PROFILE_DIR = options["cpu-profile"];
const REQUESTS = options.requests;
const ROUNDS = options.rounds;
const CONCURRENCY = options.concurrency;
const PROCESSES = options.processes;
const PAID = options["paid-executes"];
const LIST_REQUESTS = options["list-requests"];
if (REQUESTS > 50_000 || PROCESSES > 20_000)
  throw new Error("at most 50,000 requests and 20,000 processes");

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = mkdtempSync(join(tmpdir(), "agentgate-bench-gateway-"));
const RARE_TAG_EVERY = 100;

// Node bundles must sit inside the repo so their external packages resolve from node_modules.
const NODE_OUT = join(ROOT, "node_modules", ".cache", "agentgate-bench-gateway");

/**
 * A Worker for workerd (scripts/lib/bundle-worker.mjs, with its wrangler config's module rules
 * when given), or with platform "node" the bench's helpers.
 */
async function bundle(entry, name, platform = "browser", configPath = undefined) {
  if (platform === "browser") {
    return bundleWorkerCode({
      entry: join(ROOT, entry),
      outfile: join(OUT, `${name}.mjs`),
      ...(configPath === undefined ? {} : { configPath: join(ROOT, configPath) }),
    });
  }
  const outfile = join(NODE_OUT, `${name}.mjs`);
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: "esm",
    platform,
    target: "es2022",
    packages: "external",
    logLevel: "error",
  });
  return outfile;
}

// The measured Workers get their own loopback socket each, so requests are plain HTTP.
const DIRECT = { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] };

function fromConfig(configPath, name, scriptPath, overrides = {}, env = undefined) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(ROOT, configPath), env);
  return {
    ...workerOptions,
    ...overrides,
    name,
    modules: true,
    modulesRoot: OUT,
    scriptPath,
    bindings: { ...workerOptions.bindings, ...(overrides.bindings ?? {}) },
  };
}

/**
 * The bench's processes as CPU readers (ms used so far): the gateway's workerd (with the agents,
 * and the devnode when it is shared), the devnode's when it runs apart, and this process (the
 * bench's clients and Miniflare's side of the requests).
 */
function processCpu() {
  const gatewayPids = childWorkerdPids().filter((pid) => !ledgerPids.includes(pid));
  const self = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  return {
    [DEVNODE_APART ? "gateway's workerd" : "the one workerd"]: () => serverCpuMs(gatewayPids),
    ...(DEVNODE_APART ? { "devnode's workerd": () => serverCpuMs(ledgerPids) } : {}),
    "the bench process": self,
  };
}

/** Runs `total` calls of `call(i)` with `lanes` in flight; returns rps and latencies. */
async function load(total, call, lanes = CONCURRENCY) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  async function lane() {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      const res = await call(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`request ${i}: HTTP ${res.status}`);
      latencies.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`;

const [gatewayJs, ledgerJs, agentJs, helloJs, counterJs, helpersJs] = await Promise.all([
  bundle("workers/gateway/src/index.ts", "gateway", "browser", "wrangler.jsonc"),
  bundle("workers/ledger/src/index.ts", "ledger"),
  bundle("workers/agent/examples/echo/src/index.ts", "agent"),
  bundle("bench/gateway/hello-worker.ts", "hello"),
  bundle("bench/gateway/ledger-counter-worker.ts", "counter"),
  bundle("bench/gateway/node-helpers.ts", "helpers", "node"),
]);
const helpers = await import(helpersJs);
// The gateway signs agent requests with its operator key; the agents know its public key and the
// owner that registers their processes (docs/agent.md, "Gateway signatures"). Its account also
// reports paid runs' outcomes: paid processes run only where it can.
const operator = helpers.Account.generate();
const operatorAddress = operator.accountAddress.toStringLong();
const processOwner = helpers.Account.generate();
const agentAuth = {
  AGENT_GATEWAY_PUBLIC_KEYS: operator.publicKey.toString(),
  AGENT_OWNER_ADDRESS: processOwner.accountAddress.toStringLong(),
};
const agentSigner = {
  publicKey: operator.publicKey.toUint8Array(),
  sign: (message) => operator.sign(message).toUint8Array(),
};

// The ledger side: the devnode and the counter in front of it; the counter has a socket of its own
// when the devnode runs apart.
const ledgerWorkers = [
  // A socket of its own for the bench's clients, so their ledger requests skip Miniflare's
  // dispatch (the gateway's still go through the counter).
  fromConfig("workers/ledger/wrangler.jsonc", "agentgate-ledger", ledgerJs, {
    bindings: { DEV_FAUCET: "true" },
    ...DIRECT,
  }),
  {
    name: "ledger-counter",
    modules: true,
    modulesRoot: OUT,
    scriptPath: counterJs,
    compatibilityDate: "2026-04-01",
    serviceBindings: { DEVNODE: "agentgate-ledger" },
    ...(DEVNODE_APART ? DIRECT : {}),
  },
];
const mfOptions = (workers, state) => ({
  log: new Log(LogLevel.WARN),
  ...(PROFILE_DIR === "" ? {} : { inspectorPort: 0 }),
  defaultPersistRoot: join(OUT, state),
  workers,
});
const ledgerMf = DEVNODE_APART ? new Miniflare(mfOptions(ledgerWorkers, "ledger-state")) : null;
const ledgerBinding =
  ledgerMf === null
    ? "ledger-counter"
    : {
        external: { address: (await ledgerMf.unsafeGetDirectURL("ledger-counter")).host, http: {} },
      };
// Which workerd is which, for CPU per run: the ledger's is up before the gateway's starts.
const ledgerPids = ledgerMf === null ? [] : childWorkerdPids();

const mf = new Miniflare(
  mfOptions(
    [
      // The gateway's `local` environment: the default one deploys for a real network.
      fromConfig(
        "wrangler.jsonc",
        "gateway",
        gatewayJs,
        {
          serviceBindings: { LEDGER: ledgerBinding, ECHO_AGENT: "agent", ECHO_PAID: "agent-paid" },
          bindings: {
            AGENT_BINDINGS: "ECHO_AGENT,ECHO_PAID",
            OPERATOR_PRIVATE_KEY: operator.privateKey.toString(),
            PUBLIC_ORIGIN: "https://gateway.bench",
            OPERATOR_OWNERS: "*",
          },
          ...DIRECT,
        },
        "local",
      ),
      fromConfig("workers/agent/wrangler.jsonc", "agent", agentJs, {
        bindings: { ...agentAuth, AGENT_PROCESS_ID: "bench-free", AGENT_TIMEOUT_MS: "30000" },
        ...DIRECT,
      }),
      fromConfig("workers/agent/wrangler.jsonc", "agent-paid", agentJs, {
        bindings: { ...agentAuth, AGENT_PROCESS_ID: "bench-paid", AGENT_TIMEOUT_MS: "30000" },
      }),
      {
        name: "hello",
        modules: true,
        modulesRoot: OUT,
        scriptPath: helloJs,
        compatibilityDate: "2026-04-01",
        ...DIRECT,
      },
      ...(ledgerMf === null ? ledgerWorkers : []),
    ],
    "state",
  ),
);
const ledgerSide = ledgerMf ?? mf;

try {
  await mf.ready;
  const over = (url) => ({
    fetch: (path, init) => fetch(new URL(new URL(path).pathname + new URL(path).search, url), init),
  });
  const gateway = over(await mf.unsafeGetDirectURL("gateway"));
  const agent = over(await mf.unsafeGetDirectURL("agent"));
  const hello = over(await mf.unsafeGetDirectURL("hello"));
  const counter = await ledgerSide.getWorker("ledger-counter");
  const devnode = over(await ledgerSide.unsafeGetDirectURL("agentgate-ledger"));
  console.log(
    DEVNODE_APART
      ? "the devnode runs in a workerd of its own, reached over loopback HTTP (--devnode apart)"
      : "the devnode runs in the gateway's workerd, behind a service binding (--devnode shared)",
  );
  const ledger = helpers.createLedgerClient({
    network: helpers.resolveNetwork({ network: "local" }),
    fetch: (input, init) => devnode.fetch(input, init),
  });
  const funded = async (amount = 100_000_000_000n) => {
    const account = helpers.Account.generate();
    await ledger.fund({ address: account.accountAddress.toStringLong(), amount });
    return account;
  };
  const owner = processOwner;
  await ledger.fund({ address: owner.accountAddress.toStringLong(), amount: 100_000_000_000n });
  const user = await funded();
  await ledger.fund({ address: operatorAddress, amount: 100_000_000_000n });
  const userAddress = user.accountAddress.toStringLong();
  await ledger.registerProcess({
    signer: owner,
    id: "bench-free",
    process: { name: "Bench free", serviceUrl: "service://ECHO_AGENT", tags: ["bench"] },
  });
  await ledger.registerProcess({
    signer: owner,
    id: "bench-paid",
    process: {
      name: "Bench paid",
      serviceUrl: "service://ECHO_PAID",
      tags: ["bench"],
      agents: [operatorAddress],
      pricing: { taskPrice: 1000n, requiresPrepayment: true },
    },
  });

  const executeBody = JSON.stringify({ userAddress, data: { n: 1 } });
  const viaGateway = () =>
    gateway.fetch("https://gateway.bench/api/execute/bench-free", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: executeBody,
    });
  const direct = async (i) => {
    const body = JSON.stringify({
      transactionId: `direct-${i}-${crypto.randomUUID()}`,
      processId: "bench-free",
      userAddress,
      data: { n: 1 },
    });
    const signed = await helpers.signAgentRequest({
      signer: agentSigner,
      processId: "bench-free",
      ownerAddress: processOwner.accountAddress.toStringLong(),
      method: "POST",
      url: "https://agent.bench/execute",
      transactionId: JSON.parse(body).transactionId,
      body,
    });
    return agent.fetch("https://agent.bench/execute", {
      method: "POST",
      headers: { "content-type": "application/json", ...signed },
      body,
    });
  };
  const bare = () => hello.fetch("https://hello.bench/", { method: "POST", body: executeBody });

  const warm = Math.min(200, REQUESTS);
  await load(warm, viaGateway);
  await load(warm, direct);
  await load(warm, bare);
  // Rounds alternate between the three, so load from elsewhere on the machine hits all alike;
  // each figure is the median of its rounds.
  const rounds = { gateway: [], direct: [], hello: [] };
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  for (let r = 0; r < ROUNDS; r++) {
    rounds.gateway.push(await load(perRound, viaGateway));
    rounds.direct.push(await load(perRound, direct));
    rounds.hello.push(await load(perRound, bare));
  }
  const median = (list) => {
    const pick = (key) =>
      list.map((x) => x[key]).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    return { rps: pick("rps"), p50: pick("p50"), p99: pick("p99") };
  };
  const results = {
    gateway: median(rounds.gateway),
    direct: median(rounds.direct),
    hello: median(rounds.hello),
  };
  console.log(
    `execute, free process, ${ROUNDS} rounds of ${perRound} requests each, concurrency ${CONCURRENCY} (medians):`,
  );
  console.log(`  through the gateway   ${fmt(results.gateway)}`);
  console.log(`  agent directly        ${fmt(results.direct)}`);
  console.log(`  bare Hono hello       ${fmt(results.hello)}`);
  console.log(`  gateway / direct      ${(results.gateway.rps / results.direct.rps).toFixed(2)}x`);

  // Paid executes: one payment each; the ledger requests of the execute path (its views, and
  // the run claim's transaction before the agent call: docs/gateway.md, "Across deployments"),
  // then all requests until its outcome report is on the ledger, whose transaction is sent by the
  // process's queue as the answer goes out.
  let ledgerRequests = 0;
  let answerRequests = 0;
  let allRequests = 0;
  let paidOk = 0;
  const paidMs = [];
  for (let i = 0; i < PAID; i++) {
    await ledger.makePayment(user, {
      processId: "bench-paid",
      taskId: `bench-${i}`,
      amount: 1000n,
    });
    await counter.fetch("https://counter/__reset");
    const body = JSON.stringify({ userAddress, data: { i } });
    const proof = await helpers.signCallerProof({
      privateKey: user.privateKey,
      origin: "https://gateway.bench",
      method: "POST",
      path: "/api/execute/bench-paid",
      body,
    });
    const started = performance.now();
    const res = await gateway.fetch("https://gateway.bench/api/execute/bench-paid", {
      method: "POST",
      headers: { "content-type": "application/json", ...proof },
      body,
    });
    await res.arrayBuffer();
    paidMs.push(performance.now() - started);
    if (res.status === 200) paidOk += 1;
    const counted = await (await counter.fetch("https://counter/__count")).json();
    ledgerRequests += counted.views;
    answerRequests += counted.count;
    const key = { processId: "bench-paid", taskId: `bench-${i}`, payer: userAddress };
    for (let wait = 0; (await ledger.getPaymentRecord(key))?.outcome === 0; wait++) {
      if (wait > 200) throw new Error(`no outcome report for bench-${i}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const withReport = await (await counter.fetch("https://counter/__count")).json();
    allRequests += withReport.count;
  }
  const paidSorted = [...paidMs].sort((a, b) => a - b);
  console.log(
    `paid execute: ${paidOk}/${PAID} completed, ledger requests per execute up to its answer: ${(answerRequests / PAID).toFixed(2)} (views ${(ledgerRequests / PAID).toFixed(2)}, the rest the run claim and whatever of the report already went), with its outcome report: ${(allRequests / PAID).toFixed(2)}; one at a time, p50 ${percentile(paidSorted, 50).toFixed(1)} ms, p99 ${percentile(paidSorted, 99).toFixed(1)} ms`,
  );

  for (const agentMs of new Set([0, options["async-agent-ms"]])) {
    printAsyncRuns(
      await asyncRunFigures({
        gateway,
        runs: options["async-runs"],
        processId: "bench-free",
        user,
        helpers,
        agentMs,
      }),
    );
  }

  printA2aSend(
    await a2aSendFigures({
      gateway,
      runs: options["a2a-runs"],
      processId: "bench-free",
      user,
    }),
  );

  const payAndRunArgs = {
    runs: options["pay-runs"],
    rounds: ROUNDS,
    perRound: options["paid-requests"],
    concurrency: CONCURRENCY,
    clientRttMs: options["client-rtt-ms"],
  };
  printPayAndRun(
    await payAndRunFigures({
      ...payAndRunArgs,
      helpers,
      gateway,
      devnode: (input, init) => devnode.fetch(input, init),
      counter,
      funded,
      processId: "bench-paid",
      price: 1000n,
      origin: "https://gateway.bench",
      freeExecute: viaGateway,
      freeProcessId: "bench-free",
      load,
      cpu: processCpu(),
      profile:
        PROFILE_DIR === ""
          ? undefined
          : async () => {
              const stops = await Promise.all([
                profileWorkers({
                  mf: ledgerSide,
                  workers: ["agentgate-ledger", "ledger-counter"],
                  dir: PROFILE_DIR,
                }),
                profileWorkers({ mf, workers: ["gateway", "agent-paid"], dir: PROFILE_DIR }),
              ]);
              return async () => {
                for (const stop of stops) await stop();
              };
            },
    }),
    payAndRunArgs,
  );

  // List: N processes, every RARE_TAG_EVERY-th tagged "rare".
  const started = performance.now();
  const owners = await Promise.all(Array.from({ length: 8 }, () => funded()));
  let registered = 2;
  await Promise.all(
    owners.map(async (signer, lane) => {
      for (let i = lane; i < PROCESSES - 2; i += owners.length) {
        await ledger.registerProcess({
          signer,
          id: `bench-list-${i}`,
          process: {
            name: `List ${i}`,
            serviceUrl: "service://ECHO_AGENT",
            tags: i % RARE_TAG_EVERY === 0 ? ["rare", "common"] : ["common"],
          },
        });
        registered += 1;
      }
    }),
  );
  console.log(
    `registered ${registered} processes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const listUrl = (q) => `https://gateway.bench/api/processes?${q}`;
  // The read model's initial sync reads at most 5 ledger pages per request (docs/gateway.md,
  // "List"): requests go on with it until every rare process is listed.
  const rareMatches = Math.ceil((PROCESSES - 2) / RARE_TAG_EVERY);
  const first = performance.now();
  let syncRequests = 0;
  for (let count = -1; count < rareMatches && syncRequests <= registered / 100; ) {
    syncRequests += 1;
    count = (await (await gateway.fetch(listUrl("tag=rare"))).json()).count;
  }
  console.log(
    `list: initial sync over ${syncRequests} requests, ${(performance.now() - first).toFixed(0)} ms`,
  );
  // Latency, one request at a time (the read model re-checks the registry revision once a second).
  const rare = await load(LIST_REQUESTS, () => gateway.fetch(listUrl("tag=rare")), 1);
  const capped = await load(LIST_REQUESTS, () => gateway.fetch(listUrl("tag=common&limit=100")), 1);
  console.log("list, one request at a time:");
  console.log(`list over ${registered} processes, tag=rare (${rareMatches} matches): ${fmt(rare)}`);
  console.log(
    `list over ${registered} processes, tag=common&limit=100:             ${fmt(capped)}`,
  );
  printSchemaCheck(await schemaCheckFigures({ runs: ROUNDS * 10 }), { runs: ROUNDS * 10 });
} finally {
  await mf.dispose();
  await ledgerMf?.dispose();
  rmSync(OUT, { recursive: true, force: true });
}
