// The pay-and-run figures of bench/gateway (docs/benchmarks.md, "Gateway"), as a client sees them:
//   - one paid run's latency three ways, alternating run by run: pay, wait for the commit and
//     execute with a caller proof (the three-step flow); pay and run in one request with a
//     make_payment the client built (`agentgate run --pay`); and x402's two requests, signing the
//     402's unsignedTransaction (docs/examples/x402-pay-and-run.mjs);
//   - paid execute throughput (one pay-and-run request each) against free execute, at the same
//     concurrency, alternating round by round, with a paid run paid beforehand and a free run in
//     a run object between them; and each one's CPU per run in each of the bench's processes.
// With --client-rtt-ms N, each of the client's requests (to the gateway and to the node) waits N ms
// first, as a client that far away would; the gateway's own requests to the node do not.

import { percentile } from "../percentile.mjs";

/** p50 and p95 of a list of milliseconds. */
function latencies(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * `helpers`: bench/gateway/node-helpers.ts; `gateway`: {fetch} on the gateway's socket; `devnode`:
 * a fetch to the devnode (the client's own ledger requests); `funded()`: a new funded Account;
 * `freeExecute()`: one free execute request (of `freeProcessId`); `load(total, call)`: run.mjs's
 * loop; `cpu`: process name -> CPU ms it used so far (or null off Linux); `profile()`,
 * optional: starts CPU profiles and resolves with their `stop()`.
 */
export async function payAndRunFigures(args) {
  const { helpers, processId, price, origin } = args;
  // The client's round trip to the gateway and to the node, added to each of its requests
  // (--client-rtt-ms): on loopback it is ~0, where a real client is tens of milliseconds away.
  const away =
    (fetcher) =>
    async (...request) => {
      if (args.clientRttMs > 0) await new Promise((done) => setTimeout(done, args.clientRttMs));
      return fetcher(...request);
    };
  const gateway = { fetch: away(args.gateway.fetch) };
  const network = helpers.resolveNetwork({ network: "local" });
  const transactions = helpers.createTransactionClient({
    network,
    fetch: away(args.devnode),
    requestTimeoutMs: 30_000,
  });
  const moduleAddress = network.moduleAddress;
  const path = `/api/execute/${processId}`;
  const url = `${origin}${path}`;
  const expiry = () => BigInt(Math.floor(Date.now() / 1000)) + 60n;
  let taskSeq = 0;
  const nextTask = (kind) => `${kind}-${taskSeq++}`;

  async function expectRun(res, what) {
    const body = await res.json();
    if (res.status !== 200 || body.success !== true) {
      throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    return body;
  }

  function expectSettled(res, what) {
    const read = helpers.readPaymentResponse(res.headers.get(helpers.PAYMENT_RESPONSE_HEADER));
    if (!read.ok || !read.response?.success)
      throw new Error(`${what}: no settled PAYMENT-RESPONSE`);
  }

  /** The execute request carrying the payment `signed` for `accepted`: it must settle and run. */
  async function paidExecute({ accepted, signed, body, what }) {
    const res = await gateway.fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [helpers.PAYMENT_SIGNATURE_HEADER]: helpers.encodePaymentSignatureHeader(
          helpers.escrowPaymentPayload(accepted, signed),
        ),
      },
      body,
    });
    expectSettled(res, what);
    await expectRun(res, what);
  }

  /** Pay, wait for the commit, then execute with a caller proof (today's `run -t` after `pay`). */
  async function threeStep(user) {
    const userAddress = user.accountAddress.toStringLong();
    const taskId = nextTask("three");
    await transactions.entry({
      signer: user,
      fn: "make_payment",
      args: [processId, taskId, price],
    });
    const body = JSON.stringify({ userAddress, data: { taskId }, taskId });
    const proof = await helpers.signCallerProof({
      privateKey: user.privateKey,
      origin,
      method: "POST",
      path,
      body,
    });
    await expectRun(
      await gateway.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...proof },
        body,
      }),
      "three-step execute",
    );
  }

  /** One request: the client builds and signs make_payment (`agentgate run --pay`). */
  async function payAndRun(user) {
    const userAddress = user.accountAddress.toStringLong();
    const taskId = nextTask("one");
    const context = await transactions.transactionContext(userAddress);
    const signed = await helpers.signMakePayment({
      signer: user,
      moduleAddress,
      context,
      processId,
      taskId,
      amount: price,
      expirationTimestampSecs: expiry(),
    });
    const accepted = helpers.escrowRequirement({
      chainId: context.chainId,
      moduleAddress,
      processId,
      taskId,
      amount: price,
      maxTimeoutSeconds: 60,
    });
    await paidExecute({
      accepted,
      signed,
      body: JSON.stringify({ userAddress, data: { taskId } }),
      what: "pay-and-run",
    });
  }

  /** The 402 of a paid execute: the gateway's offer, with the make_payment it built for the body's payer. */
  async function offer(body) {
    const asked = await gateway.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: helpers.X402_MEDIA_TYPE },
      body,
    });
    await asked.arrayBuffer();
    const header = asked.headers.get(helpers.PAYMENT_REQUIRED_HEADER);
    if (asked.status !== 402 || !header) throw new Error(`offer: HTTP ${asked.status}`);
    return helpers.decodePaymentRequiredHeader(header).accepts[0];
  }

  /** x402's two requests: ask, sign the 402's transaction as it is, send it. */
  async function payAndRunOffer(user) {
    const body = JSON.stringify({ userAddress: user.accountAddress.toStringLong(), data: {} });
    const accepted = await offer(body);
    const signed = await helpers.signUnsignedTransaction(user, accepted.extra.unsignedTransaction);
    await paidExecute({ accepted, signed, body, what: "pay-and-run after a 402" });
  }

  const timed = async (work) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };

  // Latency: one paid run at a time, the flows in turn, each with its own payer; one warm-up
  // run of each first.
  const flows = { threeStep, payAndRun, payAndRunOffer };
  const payers = Object.fromEntries(
    await Promise.all(Object.keys(flows).map(async (name) => [name, await args.funded()])),
  );
  for (const [name, flow] of Object.entries(flows)) await flow(payers[name]);
  const times = Object.fromEntries(Object.keys(flows).map((name) => [name, []]));
  for (let i = 0; i < args.runs; i++) {
    for (const [name, flow] of Object.entries(flows)) {
      times[name].push(await timed(() => flow(payers[name])));
    }
  }
  const latency = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, latencies(v)]));

  // Where a pay-and-run's time goes: the gateway's ledger requests for one (counted by the proxy
  // Worker in front of the devnode, the outcome report left out: it is sent after the answer),
  // against the three-step execute's; and the client's own part (sequence number and gas price,
  // then signing) timed alone.
  const gatewayLedgerRequests = async (flow) => {
    // Earlier runs' outcome reports land first.
    await new Promise((done) => setTimeout(done, 1000));
    await args.counter.fetch("https://counter/__reset");
    await flow(payers[flow === threeStep ? "threeStep" : "payAndRun"]);
    return (await args.counter.fetch("https://counter/__count")).json();
  };
  const ledgerRequests = {
    threeStep: await gatewayLedgerRequests(threeStep),
    payAndRun: await gatewayLedgerRequests(payAndRun),
  };
  // The alternative to the client's part: asking the gateway for its 402 offer. The last run's
  // outcome report lands first: until then its payment still counts as usable on the ledger, and
  // the gateway asks for a caller proof (401) instead of offering a payment.
  await new Promise((done) => setTimeout(done, 1000));
  const offerTimes = [];
  const offerBody = JSON.stringify({
    userAddress: payers.payAndRun.accountAddress.toStringLong(),
    data: {},
  });
  for (let i = 0; i < args.runs; i++) {
    offerTimes.push(await timed(() => offer(offerBody)));
  }
  const prepTimes = [];
  const preparer = payers.payAndRun;
  for (let i = 0; i < args.runs; i++) {
    prepTimes.push(
      await timed(async () => {
        const context = await transactions.transactionContext(
          preparer.accountAddress.toStringLong(),
        );
        await helpers.signMakePayment({
          signer: preparer,
          moduleAddress,
          context,
          processId,
          taskId: "prep",
          amount: price,
          expirationTimestampSecs: expiry(),
        });
      }),
    );
  }

  /** A free execute in a run object: an Idempotency-Key, which takes the caller proof. */
  let keys = 0;
  async function freeInObject(user) {
    const key = `cpu-${keys++}`;
    // A body of its own: a proof signed twice over the same bytes in one second is a replay.
    const body = JSON.stringify({ userAddress: user.accountAddress.toStringLong(), data: { key } });
    const freePath = `/api/execute/${args.freeProcessId}`;
    const proof = await helpers.signCallerProof({
      privateKey: user.privateKey,
      origin,
      method: "POST",
      path: freePath,
      body,
    });
    const headers = { "content-type": "application/json", "idempotency-key": key };
    await expectRun(
      await gateway.fetch(`${origin}${freePath}`, {
        method: "POST",
        headers: { ...headers, ...proof },
        body,
      }),
      "free execute in a run object",
    );
  }

  // Throughput: `concurrency` lanes, each paying from its own account (a payer's transactions
  // are sequential by their sequence numbers), against as many free executes; between them, two
  // runs that each add a part of a paid run's work, so the differences of their CPU per run say
  // where a paid run's goes (docs/benchmarks.md, "The devnode in a workerd of its own, and CPU
  // per run").
  const lanes = await Promise.all(Array.from({ length: args.concurrency }, () => args.funded()));
  const laneBatch = (flow) => async (total) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      lanes.map(async (user) => {
        while (next < total) {
          next += 1;
          await flow(user);
        }
      }),
    );
    return total / ((performance.now() - started) / 1000);
  };
  const variants = [
    ["pay-and-run", laneBatch(payAndRun)],
    ["paid beforehand, then execute (three steps)", laneBatch(threeStep)],
    ["free, in a run object (Idempotency-Key)", laneBatch(freeInObject)],
    ["free, in its request", async (total) => (await args.load(total, args.freeExecute)).rps],
  ].map(([name, batch]) => ({ name, batch, rps: [], cpu: cpuTally(args.cpu) }));
  // Throughput compares the gateway's work alone: measured without the added round trip.
  for (let r = 0; r < (args.clientRttMs > 0 ? 0 : args.rounds); r++) {
    for (const variant of variants) {
      // With run.mjs --cpu-profile, the first round's paid runs are profiled.
      const stopProfile = r === 0 && variant === variants[0] ? await args.profile?.() : undefined;
      variant.rps.push(await variant.cpu.over(args.perRound, () => variant.batch(args.perRound)));
      await stopProfile?.();
    }
  }
  return {
    latency,
    ledgerRequests,
    clientPrep: latencies(prepTimes),
    offer: latencies(offerTimes),
    ratio: latency.payAndRun.p50 / latency.threeStep.p50,
    throughput: variants.map(({ name, rps, cpu }) => ({
      name,
      rps: rps.length ? median(rps) : 0,
      cpu: cpu.perRun(),
    })),
  };
}

/** How long a stretch's after-answer work is given before its CPU is read (ms). */
const AFTER_ANSWER_MS = 1000;

/**
 * CPU used per run by each process of `cpu` (name -> ms used so far, or null where it cannot be
 * read) across the stretches passed to `over`.
 */
function cpuTally(cpu) {
  const used = Object.fromEntries(Object.keys(cpu).map((name) => [name, 0]));
  let runs = 0;
  return {
    async over(count, work) {
      const before = Object.fromEntries(Object.entries(cpu).map(([name, read]) => [name, read()]));
      const result = await work();
      // What a run does after its answer (a paid run's outcome report and its commit) is its own:
      // read once it is done, not in the next stretch.
      await new Promise((done) => setTimeout(done, AFTER_ANSWER_MS));
      for (const [name, read] of Object.entries(cpu))
        used[name] += (read() ?? 0) - (before[name] ?? 0);
      runs += count;
      return result;
    },
    perRun: () =>
      Object.fromEntries(Object.entries(used).map(([name, ms]) => [name, runs ? ms / runs : 0])),
  };
}

/** The figures as run.mjs prints them. */
export function printPayAndRun(figures, args) {
  const row = (label, l) =>
    `  ${label.padEnd(44)} p50 ${l.p50.toFixed(1).padStart(7)} ms   p95 ${l.p95.toFixed(1).padStart(7)} ms`;
  console.log(
    `paid run, client-observed, ${args.runs} runs each, alternating, one at a time, client round trip +${args.clientRttMs} ms:`,
  );
  console.log(row("pay, wait, execute (three steps)", figures.latency.threeStep));
  console.log(row("pay-and-run, client builds make_payment", figures.latency.payAndRun));
  const offer = figures.latency.payAndRunOffer;
  console.log(row("pay-and-run, signs the 402's transaction", offer));
  const offerRatio = `; 402 path ${(offer.p50 / figures.latency.threeStep.p50).toFixed(2)}x`;
  console.log(
    `  pay-and-run / three steps (p50)              ${figures.ratio.toFixed(2)}x (target <= 0.6x${offerRatio})`,
  );
  console.log(
    `  the client's part of pay-and-run (sequence number, gas price, signing): p50 ${figures.clientPrep.p50.toFixed(1)} ms; asking for the 402 offer instead: p50 ${figures.offer.p50.toFixed(1)} ms`,
  );
  console.log(
    `  gateway's ledger requests before the answer (outcome report aside, it may overlap): three-step execute ${figures.ledgerRequests.threeStep.count} (${figures.ledgerRequests.threeStep.views} views), pay-and-run ${figures.ledgerRequests.payAndRun.count} (${figures.ledgerRequests.payAndRun.views} views)`,
  );
  if (args.clientRttMs > 0) return;
  const [paid, , , free] = figures.throughput;
  console.log(
    `paid execute (pay-and-run) vs free execute, ${args.rounds} rounds of ${args.perRound} at concurrency ${args.concurrency} (medians): ${paid.rps.toFixed(1)} vs ${free.rps.toFixed(1)} req/s = ${(paid.rps / free.rps).toFixed(2)}x`,
  );
  console.log("  throughput and CPU per run of each process, all rounds:");
  for (const { name, rps, cpu } of figures.throughput) {
    const perRun = Object.entries(cpu)
      .map(([process, ms]) => `${process} ${ms.toFixed(2)} ms`)
      .join(", ");
    console.log(`    ${name.padEnd(44)} ${rps.toFixed(1).padStart(7)} req/s   ${perRun}`);
  }
}
