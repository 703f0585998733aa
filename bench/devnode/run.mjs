#!/usr/bin/env node
// Throughput of the embedded devnode over HTTP on loopback: committed signed make_payment
// transactions per second (signed before the clock starts; signing rate reported apart) and
// view calls per second. Not part of `npm test`.
//
//   node bench/devnode/run.mjs [--txs 2000] [--payers 50] [--views 20000] [--concurrency 50]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  Account,
  Aptos,
  AptosConfig,
  generateSignedTransaction,
  Network,
} from "@aptos-labs/ts-sdk";
import { unstable_startWorker } from "wrangler";

const MODULE = "0xfee0f52c085bea4b899ea93e0e6c2e517ce4dd368204e0b3872646922aa2bb4f";
const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0 || value > 1_000_000) {
    throw new Error(`--${name} must be a positive integer up to 1,000,000`);
  }
  return value;
}

const TXS = option("txs", 2000);
const PAYERS = Math.min(option("payers", 50), TXS);
const VIEWS = option("views", 20000);
const CONCURRENCY = option("concurrency", 50);

/** Runs `count` jobs with at most `width` in flight; returns when all are done. */
async function pool(count, width, job) {
  let next = 0;
  const workers = Array.from({ length: Math.min(width, count) }, async () => {
    while (next < count) {
      const i = next++;
      await job(i);
    }
  });
  await Promise.all(workers);
}

const rate = (n, ms) => Math.round((n * 1000) / ms);

async function main() {
  const persist = mkdtempSync(join(tmpdir(), "devnode-bench-"));
  const worker = await unstable_startWorker({
    config: join(ROOT, "workers/ledger/wrangler.toml"),
    dev: {
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: false,
      persist,
      logLevel: "warn",
      watch: false,
    },
  });
  try {
    await worker.ready;
    const base = (await worker.url).origin;
    const aptos = new Aptos(
      new AptosConfig({ network: Network.LOCAL, fullnode: `${base}/v1`, faucet: base, indexer: `${base}/v1/graphql` }),
    );
    const post = (path, body, contentType) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": contentType }, body });

    // Setup: an owner with a process, and funded payers.
    const owner = Account.generate();
    await aptos.fundAccount({ accountAddress: owner.accountAddress, amount: 10e8 });
    const register = await aptos.transaction.build.simple({
      sender: owner.accountAddress,
      data: {
        function: `${MODULE}::process_registry::register_process`,
        functionArguments: ["bench", "Bench", "", "https://example.com", owner.accountAddress, [], [], [], 0, false, 0, "APT", false],
      },
    });
    const registered = await aptos.signAndSubmitTransaction({ signer: owner, transaction: register });
    await aptos.waitForTransaction({ transactionHash: registered.hash });
    const payers = Array.from({ length: PAYERS }, () => Account.generate());
    await pool(PAYERS, 10, (i) => aptos.fundAccount({ accountAddress: payers[i].accountAddress, amount: 1000e8 }));

    // Build and sign every transaction before the clock starts.
    const perPayer = Array.from({ length: PAYERS }, () => []);
    const built = [];
    for (let i = 0; i < TXS; i++) {
      const p = i % PAYERS;
      built.push({
        p,
        transaction: await aptos.transaction.build.simple({
          sender: payers[p].accountAddress,
          data: { function: `${MODULE}::payment::make_payment`, functionArguments: ["bench", `task-${i}`, 1000] },
          options: { accountSequenceNumber: perPayer[p].length + built.filter((b) => b.p === p).length, maxGasAmount: 1000, gasUnitPrice: 100, expireTimestamp: Math.floor(Date.now() / 1000) + 3600 },
        }),
      });
    }
    const signStart = performance.now();
    for (const { p, transaction } of built) {
      const senderAuthenticator = aptos.transaction.sign({ signer: payers[p], transaction });
      perPayer[p].push(generateSignedTransaction({ transaction, senderAuthenticator }));
    }
    const signMs = performance.now() - signStart;

    // Submit: one client per payer (its sequence numbers go in order), all payers at once.
    let committed = 0;
    const submitStart = performance.now();
    await pool(PAYERS, Math.min(CONCURRENCY, PAYERS), async (p) => {
      for (const bytes of perPayer[p]) {
        const response = await post("/v1/transactions", bytes, "application/x.aptos.signed_transaction+bcs");
        const body = await response.json();
        if (response.status !== 202) throw new Error(`submit failed: ${response.status} ${JSON.stringify(body)}`);
        committed++;
      }
    });
    const submitMs = performance.now() - submitStart;

    // Every submitted payment is committed and in ESCROW.
    const lastPayer = payers[PAYERS - 1].accountAddress.toString();
    const [open] = await aptos.view({ payload: { function: `${MODULE}::payment::open_payments`, functionArguments: ["bench", lastPayer] } });

    const viewBody = JSON.stringify({
      function: `${MODULE}::payment::verify_payment`,
      type_arguments: [],
      arguments: ["bench", "task-0", payers[0].accountAddress.toString()],
    });
    const viewStart = performance.now();
    await pool(VIEWS, CONCURRENCY, async () => {
      const response = await post("/v1/view", viewBody, "application/json");
      const body = await response.json();
      if (response.status !== 200 || body[0] !== true) throw new Error(`view failed: ${JSON.stringify(body)}`);
    });
    const viewMs = performance.now() - viewStart;

    console.log(`devnode bench on ${base} (loopback), ${PAYERS} payers, concurrency ${Math.min(CONCURRENCY, PAYERS)}`);
    console.log(`signing:   ${TXS} make_payment txs in ${signMs.toFixed(0)} ms = ${rate(TXS, signMs)} signatures/s (ts-sdk, JS Ed25519)`);
    console.log(`submit:    ${committed} committed in ${submitMs.toFixed(0)} ms = ${rate(committed, submitMs)} tx/s`);
    console.log(`           (open payments of the last payer: ${open.length})`);
    console.log(`views:     ${VIEWS} verify_payment calls in ${viewMs.toFixed(0)} ms = ${rate(VIEWS, viewMs)} views/s (concurrency ${CONCURRENCY})`);
  } finally {
    await worker.dispose();
    rmSync(persist, { recursive: true, force: true });
  }
}

await main();
