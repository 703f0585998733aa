#!/usr/bin/env node
// Throughput of the embedded devnode over HTTP on loopback: committed signed make_payment
// transactions per second (signed before the clock starts; the signing rate is reported apart)
// and view calls per second. Prints figures; not part of `npm test`.
//
//   node bench/devnode/run.mjs [--runtime stack|wrangler] [--txs 2000] [--payers txs/50]
//                              [--views 20000] [--concurrency 16] [--batch 1]
//
// --batch N > 1 submits each payer's transactions N at a time through POST /v1/transactions/batch
// (the node API's batch submission) instead of one request each.
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Account,
  Aptos,
  AptosConfig,
  generateSignedTransaction,
  Network,
} from "@aptos-labs/ts-sdk";
import { benchOptions } from "../options.mjs";
import { serverCpuMs } from "../server-cpu.mjs";
import { httpClient } from "./http-client.mjs";
import { startDevnode } from "./start-devnode.mjs";

const MODULE = "0xfee0f52c085bea4b899ea93e0e6c2e517ce4dd368204e0b3872646922aa2bb4f";
const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

const options = benchOptions({
  strings: { runtime: "stack" },
  integers: {
    txs: { fallback: 2000 },
    payers: {},
    views: { fallback: 20000 },
    concurrency: { fallback: 16 },
    batch: { fallback: 1 },
  },
});
// stack: as `npm start` runs it (a workerd socket bound to the devnode Worker); wrangler: behind
// wrangler's dev proxy, for comparison.
const RUNTIME = options.runtime;
if (RUNTIME !== "stack" && RUNTIME !== "wrangler")
  throw new Error("--runtime is stack or wrangler");
const TXS = options.txs;
// A payer may hold at most 64 open payments per process (ledger-contract.md), so the payers
// share the transactions out at 50 each by default.
const MAX_OPEN_PER_PAYER = 64;
const PAYERS = Math.min(options.payers ?? Math.ceil(TXS / 50), TXS);
if (Math.ceil(TXS / PAYERS) > MAX_OPEN_PER_PAYER) {
  throw new Error(
    `--payers must be at least ${Math.ceil(TXS / MAX_OPEN_PER_PAYER)} for ${TXS} payments`,
  );
}
const VIEWS = options.views;
const CONCURRENCY = options.concurrency;
const BATCH = options.batch;

/** Runs `count` jobs with at most `width` in flight. */
async function pool(count, width, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

const rate = (n, ms) => Math.round((n * 1000) / ms);
const SIGNED_BCS = "application/x.aptos.signed_transaction+bcs";

function inGroups(items, size) {
  const groups = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** BCS of a vector: the ULEB128 length, then the elements' own bytes. */
function bcsVector(elements) {
  const length = [];
  let n = elements.length;
  do {
    length.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return Buffer.concat([Buffer.from(length), ...elements]);
}

async function setup(aptos, payers) {
  const owner = Account.generate();
  await aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 10e8 });
  const register = await aptos.transaction.build.simple({
    sender: owner.accountAddress,
    data: {
      function: `${MODULE}::process_registry::register_process`,
      functionArguments: [
        "bench",
        "Bench",
        "",
        "https://example.com",
        owner.accountAddress,
        [],
        [],
        [],
        0,
        false,
        0,
        "APT",
        false,
      ],
    },
  });
  const pending = await aptos.signAndSubmitTransaction({ signer: owner, transaction: register });
  await aptos.waitForTransaction({ transactionHash: pending.hash });
  await pool(payers.length, 8, (i) =>
    aptos.fundAccount({ accountAddress: payers[i].accountAddress, amount: 1000e8 }),
  );
}

/** Builds every make_payment (sequence numbers known up front) and signs them, timing the signing. */
async function presign(aptos, payers) {
  const nextSequence = payers.map(() => 0);
  const built = [];
  for (let i = 0; i < TXS; i++) {
    const p = i % payers.length;
    const transaction = await aptos.transaction.build.simple({
      sender: payers[p].accountAddress,
      data: {
        function: `${MODULE}::payment::make_payment`,
        functionArguments: ["bench", `task-${i}`, 1000],
      },
      options: {
        accountSequenceNumber: nextSequence[p]++,
        maxGasAmount: 1000,
        gasUnitPrice: 100,
        expireTimestamp: Math.floor(Date.now() / 1000) + 3600,
      },
    });
    built.push({ p, transaction });
  }
  const perPayer = payers.map(() => []);
  const start = performance.now();
  for (const { p, transaction } of built) {
    const senderAuthenticator = aptos.transaction.sign({ signer: payers[p], transaction });
    perPayer[p].push(generateSignedTransaction({ transaction, senderAuthenticator }));
  }
  return { perPayer, signMs: performance.now() - start };
}

async function main() {
  const devnode = await startDevnode({ root: ROOT, runtime: RUNTIME });
  try {
    const base = devnode.origin;
    const request = httpClient(base, Math.max(CONCURRENCY, PAYERS));
    const aptos = new Aptos(
      new AptosConfig({
        network: Network.LOCAL,
        fullnode: `${base}/v1`,
        faucet: base,
        indexer: `${base}/v1/graphql`,
      }),
    );
    const payers = Array.from({ length: PAYERS }, () => Account.generate());
    await setup(aptos, payers);
    const { perPayer, signMs } = await presign(aptos, payers);

    // One client per payer (its sequence numbers must arrive in order), up to CONCURRENCY at once.
    let committed = 0;
    const submitCpu = serverCpuMs();
    const submitStart = performance.now();
    await pool(PAYERS, CONCURRENCY, async (p) => {
      for (const group of inGroups(perPayer[p], BATCH)) {
        const response =
          BATCH === 1
            ? await request("POST", "/v1/transactions", group[0], SIGNED_BCS)
            : await request("POST", "/v1/transactions/batch", bcsVector(group), SIGNED_BCS);
        const refused =
          response.status !== 202 || JSON.parse(response.text).transaction_failures?.length;
        if (refused) throw new Error(`submit failed: ${response.status} ${response.text}`);
        committed += group.length;
      }
    });
    const submitMs = performance.now() - submitStart;
    const submitCpuMs = submitCpu === null ? null : serverCpuMs() - submitCpu;
    const [escrow] = await aptos.view({
      payload: { function: `${MODULE}::payment::escrow_balance`, functionArguments: [] },
    });
    if (BigInt(escrow) !== BigInt(TXS) * 1000n)
      throw new Error(`escrow holds ${escrow}, expected ${TXS * 1000}`);

    const viewBody = Buffer.from(
      JSON.stringify({
        function: `${MODULE}::payment::verify_payment`,
        type_arguments: [],
        arguments: ["bench", "task-0", payers[0].accountAddress.toString()],
      }),
    );
    const viewCpu = serverCpuMs();
    const viewStart = performance.now();
    await pool(VIEWS, CONCURRENCY, async () => {
      const response = await request("POST", "/v1/view", viewBody, "application/json");
      if (response.status !== 200 || response.text !== "[true]")
        throw new Error(`view failed: ${response.text}`);
    });
    const viewMs = performance.now() - viewStart;
    const viewCpuMs = viewCpu === null ? null : serverCpuMs() - viewCpu;
    const perCall = (cpuMs, n) =>
      cpuMs === null ? "n/a" : `${((cpuMs * 1000) / n).toFixed(0)} µs`;

    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `devnode bench: runtime ${RUNTIME}, ${base}, concurrency ${CONCURRENCY}, load average ${load}`,
    );
    console.log(
      `signing: ${TXS} make_payment in ${signMs.toFixed(0)} ms = ${rate(TXS, signMs)} signatures/s (ts-sdk, JS Ed25519)`,
    );
    console.log(
      `submit:  ${committed} committed in ${submitMs.toFixed(0)} ms = ${rate(committed, submitMs)} tx/s (${PAYERS} payers, ${BATCH === 1 ? "one per request" : `batches of ${BATCH}`}); workerd CPU ${perCall(submitCpuMs, committed)}/tx`,
    );
    console.log(
      `views:   ${VIEWS} verify_payment in ${viewMs.toFixed(0)} ms = ${rate(VIEWS, viewMs)} views/s; workerd CPU ${perCall(viewCpuMs, VIEWS)}/view`,
    );
  } finally {
    await devnode.stop();
  }
}

await main();
