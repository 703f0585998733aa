#!/usr/bin/env node
// Execute requests per second of the echo agent with transactions recorded in its Durable Object
// (logs, result, idempotency) and with recording off (AGENT_RECORD_TRANSACTIONS=false), and of the
// recorded agent asked for its event stream (Accept: text/event-stream, docs/agent.md "Streaming"),
// from one run. Starts both with `wrangler dev` on 127.0.0.1, state in a temporary folder, and alternates
// rounds between them so that load from elsewhere on the machine hits both alike.
//
//   node bench/agent/run.mjs [--requests 500] [--concurrency 16] [--rounds 7] [--log-lines 2]
//                            [--max-concurrent-runs N]
//
// --max-concurrent-runs sets AGENT_MAX_CONCURRENT_RUNS on both agents: with N above the
// concurrency nothing waits, so comparing against a run without it prices the queue's slot.
//
// Each round runs both back to back; the ratio printed is the median of the rounds' ratios, which
// stays steady on a busy machine where the rates themselves swing.
//
// Not part of `npm test`. Sends traffic to 127.0.0.1 only, a bounded number of requests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchOptions } from "../options.mjs";

const options = benchOptions({
  integers: {
    requests: { fallback: 500 },
    concurrency: { fallback: 16 },
    rounds: { fallback: 7 },
    "log-lines": { fallback: 2, min: 0 },
    "max-concurrent-runs": { fallback: undefined },
  },
});
const REQUESTS = options.requests;
const CONCURRENCY = options.concurrency;
const ROUNDS = options.rounds;
const LOG_LINES = options["log-lines"];
const WARMUP = Math.min(200, REQUESTS);
const MAX_REQUESTS = 100_000;
if (REQUESTS * ROUNDS > MAX_REQUESTS) throw new Error(`at most ${MAX_REQUESTS} requests per run`);

const CONFIG = "workers/agent/examples/echo/wrangler.jsonc";
const HOST = "127.0.0.1";
const PROCESS_ID = "echo";
const USER = `0x${"0".repeat(63)}1`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startAgent(label, vars) {
  const port = await freePort();
  const inspectorPort = await freePort();
  const persistTo = mkdtempSync(join(tmpdir(), `agentgate-bench-${label}-`));
  const args = [
    "wrangler",
    "dev",
    "--config",
    CONFIG,
    "--ip",
    HOST,
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persistTo,
    "--log-level",
    "error",
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
  const child = spawn("npx", args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev (${label}) exited:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev (${label}) did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(persistTo, { recursive: true, force: true });
  };
  return { label, url, stop };
}

let sequence = 0;
function body() {
  sequence += 1;
  return JSON.stringify({
    transactionId: `bench-${process.pid}-${sequence}`,
    processId: PROCESS_ID,
    userAddress: USER,
    data: { log: Array.from({ length: LOG_LINES }, (_, i) => `bench line ${i}`) },
  });
}

/**
 * Sends `count` executes with at most CONCURRENCY in flight; returns requests per second. With
 * `stream`, each asks for the event stream and is read to its `answer` event.
 */
async function fire(agent, count, stream = false) {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(`${agent.url}/execute`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(stream ? { accept: "text/event-stream" } : {}),
        },
        body: body(),
      });
      const text = await response.text();
      const answered =
        !stream || text.includes('event: answer\ndata: {"type":"answer","answer":{"success":true');
      if (response.status !== 200 || !answered) failures += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`${agent.label}: ${failures} of ${count} executes failed`);
  return count / seconds;
}

const agents = [];
try {
  // The bench calls the agent unsigned on 127.0.0.1: the development switch lets it in.
  const maxRuns = options["max-concurrent-runs"];
  const unsigned = {
    AGENT_ALLOW_UNSIGNED_LOOPBACK: "true",
    ...(maxRuns === undefined ? {} : { AGENT_MAX_CONCURRENT_RUNS: String(maxRuns) }),
  };
  agents.push(await startAgent("recorded", unsigned));
  agents.push(await startAgent("unrecorded", { ...unsigned, AGENT_RECORD_TRANSACTIONS: "false" }));
  for (const agent of agents) await fire(agent, WARMUP);

  const rates = { recorded: [], unrecorded: [], streamed: [] };
  const [recordedAgent] = agents;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always runs in the other's wake.
    const order = round % 2 === 0 ? agents : [...agents].reverse();
    for (const agent of order) rates[agent.label].push(await fire(agent, REQUESTS));
    rates.streamed.push(await fire(recordedAgent, REQUESTS, true));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const recorded = median(rates.recorded);
  const unrecorded = median(rates.unrecorded);
  const ratio = median(rates.recorded.map((r, i) => r / rates.unrecorded[i]));
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
  console.log(
    `echo agent, ${REQUESTS} executes x ${ROUNDS} rounds, concurrency ${CONCURRENCY}, ${LOG_LINES} log lines each, maxConcurrentRuns ${maxRuns ?? "unset"}`,
  );
  console.log(
    `recorded in the Durable Object: ${recorded.toFixed(0)} req/s (rounds: ${fmt(rates.recorded)})`,
  );
  console.log(
    `recording off:                  ${unrecorded.toFixed(0)} req/s (rounds: ${fmt(rates.unrecorded)})`,
  );
  console.log(
    `ratio recorded/off (median of rounds): ${ratio.toFixed(3)} (recording costs ${((1 - ratio) * 100).toFixed(1)}%)`,
  );
  const streamedRatio = median(rates.streamed.map((r, i) => r / rates.recorded[i]));
  console.log(
    `recorded, streamed (SSE):       ${median(rates.streamed).toFixed(0)} req/s (rounds: ${fmt(rates.streamed)})`,
  );
  console.log(
    `ratio streamed/JSON (median of rounds): ${streamedRatio.toFixed(3)} (streaming costs ${((1 - streamedRatio) * 100).toFixed(1)}%)`,
  );
} finally {
  for (const agent of agents) agent.stop();
}
