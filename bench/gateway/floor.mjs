#!/usr/bin/env node
// What workerd itself allows for issue 21's async run on this machine, whatever the gateway's code
// does: the least a durable run can be, against the least a blocking execute can be, both calling
// the same minimal agent through a service binding (docs/benchmarks.md, "The floor of a durable
// run").
//
// - blocking: the Worker calls the agent and answers its body.
// - async: the Worker makes a Durable Object of the run's own (a fresh id per run), which stores
//   the run (one row) and sets an alarm before the 202, as the run object does (docs/gateway.md,
//   "The run object"); the object then calls the agent, stores the result and moves the alarm to
//   the keep time; the client reads GET /events/:id, an SSE stream that sends the result once
//   stored. Pooled: the same, every run a row of one shared object (what that lever is worth).
//
// Nothing else is done: no admission, no token, no signature, no schema, no log lines. Prints the
// p50 of each, one run at a time, alternating (the latency of issue 21's ratio), then throughput
// and workerd CPU per run at a concurrency (what a run object costs the one workerd).
//
//   node bench/gateway/floor.mjs [--runs 200] [--requests 2000] [--concurrency 16]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { benchOptions } from "../options.mjs";
import { serverCpuMs } from "../server-cpu.mjs";

const options = benchOptions({
  integers: {
    runs: { fallback: 200 },
    requests: { fallback: 2000 },
    concurrency: { fallback: 16 },
  },
});

const AGENT = `
export default {
  async fetch(request) {
    const input = await request.json();
    return Response.json({ status: "completed", output: { echo: input } });
  },
};`;

const FLOOR = `
import { DurableObject } from "cloudflare:workers";
const LIMIT_MS = 60_000;
const KEEP_MS = 3_600_000;
export class Run extends DurableObject {
  waiters = new Map();
  async start(key, input) {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS run (id TEXT PRIMARY KEY, input TEXT, result TEXT)");
    sql.exec("INSERT INTO run (id, input) VALUES (?, ?)", key, input);
    await this.ctx.storage.setAlarm(Date.now() + LIMIT_MS);
    this.ctx.waitUntil(this.call(key, input));
  }
  async call(key, input) {
    const answer = await this.env.AGENT.fetch("https://agent.floor/execute", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: input,
    });
    const result = await answer.text();
    this.ctx.storage.sql.exec("UPDATE run SET result = ? WHERE id = ?", result, key);
    await this.ctx.storage.setAlarm(Date.now() + KEEP_MS);
    this.waiters.get(key)?.(result);
    this.waiters.delete(key);
  }
  async fetch(request) {
    const key = new URL(request.url).searchParams.get("key");
    const [row] = this.ctx.storage.sql.exec("SELECT result FROM run WHERE id = ?", key).toArray();
    const result = row?.result ?? (await new Promise((wake) => this.waiters.set(key, wake)));
    return new Response("event: result\\ndata: " + result + "\\n\\n", {
      headers: { "content-type": "text/event-stream" },
    });
  }
  async alarm() {
    this.ctx.storage.sql.exec("DELETE FROM run");
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/blocking") {
      const answer = await env.AGENT.fetch("https://agent.floor/execute", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: await request.text(),
      });
      return new Response(await answer.text(), { headers: { "content-type": "application/json" } });
    }
    if (url.pathname === "/async" || url.pathname === "/pooled") {
      const key = crypto.randomUUID();
      // One object per run, as issue 21 asks, or (pooled) one object that every run shares.
      const id = url.pathname === "/async" ? env.RUN.newUniqueId() : env.RUN.idFromName("pool");
      await env.RUN.get(id).start(key, await request.text());
      return Response.json({ events: "/events/" + id.toString() + "?key=" + key }, { status: 202 });
    }
    if (url.pathname.startsWith("/events/")) {
      return env.RUN.get(env.RUN.idFromString(url.pathname.slice(8))).fetch(request);
    }
    return new Response("not found", { status: 404 });
  },
};`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const scratch = mkdtempSync(join(tmpdir(), "gateway-floor-"));
try {
  writeFileSync(join(scratch, "floor.mjs"), FLOOR);
  writeFileSync(join(scratch, "agent.mjs"), AGENT);
  const direct = { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] };
  const mf = new Miniflare({
    workers: [
      {
        name: "floor",
        modules: true,
        modulesRoot: scratch,
        scriptPath: join(scratch, "floor.mjs"),
        compatibilityDate: "2026-04-01",
        durableObjects: { RUN: { className: "Run", useSQLite: true } },
        serviceBindings: { AGENT: "agent" },
        ...direct,
      },
      {
        name: "agent",
        modules: true,
        modulesRoot: scratch,
        scriptPath: join(scratch, "agent.mjs"),
        compatibilityDate: "2026-04-01",
      },
    ],
    defaultPersistRoot: join(scratch, "state"),
    durableObjectsPersist: true,
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  const origin = (await mf.unsafeGetDirectURL("floor")).origin;
  let calls = 0;
  const body = () => JSON.stringify({ data: { n: calls++ } });
  const blocking = async () => {
    const started = performance.now();
    const res = await fetch(`${origin}/blocking`, { method: "POST", body: body() });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('"completed"')) throw new Error(`blocking: ${text}`);
    return performance.now() - started;
  };
  const asynchronous = async (path = "/async") => {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { method: "POST", body: body() });
    if (res.status !== 202) throw new Error(`async: HTTP ${res.status}`);
    const { events } = await res.json();
    const stream = await fetch(`${origin}${events}`, { headers: { accept: "text/event-stream" } });
    const text = await stream.text();
    if (!text.startsWith("event: result") || !text.includes('"completed"')) {
      throw new Error(`events: ${text}`);
    }
    return performance.now() - started;
  };
  // Warm-up (JIT, the first object), not counted.
  for (let i = 0; i < 50; i++) {
    await blocking();
    await asynchronous();
    await asynchronous("/pooled");
  }
  const times = { blocking: [], async: [], pooled: [] };
  for (let i = 0; i < options.runs; i++) {
    times.blocking.push(await blocking());
    times.async.push(await asynchronous());
    times.pooled.push(await asynchronous("/pooled"));
  }
  const drive = async (run) => {
    let next = 0;
    const cpu = serverCpuMs();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.requests) {
          next++;
          await run();
        }
      }),
    );
    const ms = performance.now() - started;
    // A second for what follows an answer (the async run's end, after its result went out).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const perRun = cpu === null ? null : (serverCpuMs() - cpu) / options.requests;
    return { perSecond: (options.requests * 1000) / ms, perRun };
  };
  const throughput = { blocking: [], async: [], pooled: [] };
  for (let round = 0; round < 2; round++) {
    throughput.blocking.push(await drive(blocking));
    throughput.async.push(await drive(asynchronous));
    throughput.pooled.push(await drive(() => asynchronous("/pooled")));
  }
  await mf.dispose();

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(`the floor of a durable run (workerd, ${tmpdir()}), load average ${load}`);
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const p = (list, q) => percentile(list, q).toFixed(2);
  console.log(`one at a time, alternating, ${options.runs} runs each:`);
  console.log(
    `  blocking              p50 ${p(times.blocking, 50)} ms   p95 ${p(times.blocking, 95)} ms`,
  );
  const base = percentile(times.blocking, 50);
  for (const [name, label] of [
    ["async", "async, an object per run"],
    ["pooled", "async, one pooled object"],
  ]) {
    const p50 = percentile(times[name], 50);
    console.log(
      `  ${label}: p50 ${p(times[name], 50)} ms   p95 ${p(times[name], 95)} ms; ` +
        `${(p50 - base).toFixed(2)} ms over blocking, ${(p50 / base).toFixed(2)}x`,
    );
  }
  console.log(`concurrency ${options.concurrency}, ${options.requests} runs per row, two rounds:`);
  for (const [name, rows] of Object.entries(throughput)) {
    for (const { perSecond, perRun } of rows) {
      const cpu = perRun === null ? "n/a" : `${perRun.toFixed(2)} ms`;
      console.log(`  ${name.padEnd(8)} ${perSecond.toFixed(0)} runs/s, workerd CPU ${cpu}/run`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
