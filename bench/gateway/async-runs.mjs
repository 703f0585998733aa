// Runs as durable tasks (issue 21), from one run of bench/gateway/run.mjs: a free run's latency
// from the client's submit to the final event of its SSE stream (`Prefer: respond-async`, then
// GET links.events) against the blocking execute, alternating run by run, one at a time; and
// how long the final event takes to reach a watching client after the run object ended the run
// (its `endedAt` against the arrival; one host, one clock, millisecond resolution). A third
// variant, the blocking execute with an Idempotency-Key, runs in a run object as a paid run does
// (docs/gateway.md, "Which runs have a run object"): the like-for-like comparison. `agentMs` has the
// echo agent wait that long in every run (its `delayMs`): the async path's cost is fixed, so its
// ratio to the blocking execute depends on how long the agent works (docs/benchmarks.md, "The floor
// of a durable run").

import { percentile } from "../percentile.mjs";

/** Reads an SSE body until its `result` event; returns that event's data and arrival time. */
async function untilResult(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the stream ended without a result event");
      text += decoder.decode(value, { stream: true });
      for (let end = text.indexOf("\n\n"); end !== -1; end = text.indexOf("\n\n")) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const lines = block.split("\n");
        if (!lines.includes("event: result")) continue;
        const data = lines
          .filter((l) => l.startsWith("data:"))
          .map((l) => l.slice(5).trimStart())
          .join("\n");
        return { arrivedAt: Date.now(), run: JSON.parse(data).run };
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

export async function asyncRunFigures(args) {
  const { gateway, runs, processId, user, helpers, agentMs = 0 } = args;
  const userAddress = user.accountAddress.toStringLong();
  const url = `https://gateway.bench/api/execute/${processId}`;
  // A body of its own per run: a caller proof of the same body in the same second would be the
  // same signature, refused as a replay.
  let calls = 0;
  const body = () =>
    JSON.stringify({
      userAddress,
      data: { n: calls++, ...(agentMs > 0 ? { delayMs: agentMs } : {}) },
    });
  let keys = 0;
  // An Idempotency-Key takes the caller proof, on a free process too (docs/gateway.md, "Execute").
  const durableHeaders = async (text) => ({
    "idempotency-key": `bench-async-${agentMs}-${keys++}`,
    ...(await helpers.signCallerProof({
      privateKey: user.privateKey,
      origin: "https://gateway.bench",
      method: "POST",
      path: `/api/execute/${processId}`,
      body: text,
    })),
  });
  const blocking = async (durable = false) => {
    const text = body();
    // Signed before the clock starts: the client's own signing is not the gateway's latency.
    const headers = {
      "content-type": "application/json",
      ...(durable ? await durableHeaders(text) : {}),
    };
    const started = performance.now();
    const res = await gateway.fetch(url, { method: "POST", headers, body: text });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`blocking execute: HTTP ${res.status}`);
    return performance.now() - started;
  };
  const deliveries = [];
  const asynchronous = async () => {
    const started = performance.now();
    const res = await gateway.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "respond-async" },
      body: body(),
    });
    if (res.status !== 202) throw new Error(`async execute: HTTP ${res.status}`);
    const accepted = await res.json();
    const events = await gateway.fetch(accepted.links.events, {
      headers: { authorization: `Bearer ${accepted.accessToken}`, accept: "text/event-stream" },
    });
    if (events.status !== 200) throw new Error(`events: HTTP ${events.status}`);
    const { arrivedAt, run } = await untilResult(events.body);
    if (run.status !== "completed") throw new Error(`async run ended ${run.status}`);
    deliveries.push(arrivedAt - Date.parse(run.endedAt));
    return performance.now() - started;
  };
  await blocking();
  await blocking(true);
  await asynchronous();
  deliveries.length = 0;
  const times = { blocking: [], durable: [], async: [] };
  for (let i = 0; i < runs; i++) {
    times.blocking.push(await blocking());
    times.durable.push(await blocking(true));
    times.async.push(await asynchronous());
  }
  for (const list of [times.blocking, times.durable, times.async, deliveries]) {
    list.sort((a, b) => a - b);
  }
  return { runs, agentMs, times, deliveries };
}

export function printAsyncRuns(figures) {
  const { runs, agentMs, times, deliveries } = figures;
  const p = (list, q) => percentile(list, q).toFixed(1);
  console.log(
    `runs as durable tasks, free process, agent ${agentMs === 0 ? "answering at once" : `working ${agentMs} ms`}, ${runs} runs each, alternating, one at a time:`,
  );
  console.log(
    `  blocking execute                       p50 ${p(times.blocking, 50)} ms   p95 ${p(times.blocking, 95)} ms`,
  );
  console.log(
    `  blocking execute in a run object (Idempotency-Key) p50 ${p(times.durable, 50)} ms   p95 ${p(times.durable, 95)} ms`,
  );
  console.log(
    `  async submit to the final SSE event     p50 ${p(times.async, 50)} ms   p95 ${p(times.async, 95)} ms`,
  );
  const ratio = percentile(times.async, 50) / percentile(times.blocking, 50);
  console.log(`  async / blocking at p50               ${ratio.toFixed(2)}x (target <= 1.2x)`);
  const durableRatio = percentile(times.async, 50) / percentile(times.durable, 50);
  console.log(
    `  async / blocking in a run object at p50 ${durableRatio.toFixed(2)}x (target <= 1.2x)`,
  );
  console.log(
    `  final event delivery (ended to arrival) p50 ${p(deliveries, 50)} ms   p95 ${p(deliveries, 95)} ms`,
  );
}
