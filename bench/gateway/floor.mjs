#!/usr/bin/env node
// What workerd itself allows for issue 21's durable runs on this machine, whatever the gateway's
// code does: the least the gateway's design of a run can be (docs/benchmarks.md, "The floor of a
// durable run"). A Worker and a minimal agent, the agent behind a service binding as the bench's
// echo agent is:
//
// - blocking: the Worker calls the agent and answers its body (the free execute in its request).
// - blocking in an object: a Durable Object of the run's own (a fresh id) stores the run (one row)
//   and sets an alarm, calls the agent, stores the result and answers it, in one call from the
//   Worker (a paid run's shape: docs/gateway.md, "The run object", `startAndAwait`).
// - async: the same object stores the run and its alarm before the 202, then calls the agent and
//   stores the result; the client reads GET /events/:id, an SSE stream that sends the result once
//   stored (`Prefer: respond-async` and the events request).
// - async, pooled: the same, every run a row of one shared object (what giving up an object per
//   run would be worth).
//
// Nothing else is done: no admission, no token, no signature, no schema, no log lines. Prints the
// p50 of each, one run at a time, alternating (the latency of issue 21's ratio), then throughput
// and workerd CPU per run at a concurrency (what a run object costs the one workerd thread).
// --agent-ms makes the agent wait before it answers: the async path's cost is fixed, so its ratio
// to the blocking call falls as the agent's own time grows.
//
//   node bench/gateway/floor.mjs [--runs 200] [--requests 2000] [--concurrency 16] [--agent-ms 0]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { benchOptions } from "../options.mjs";
import { percentile } from "../percentile.mjs";
import { serverCpuMs } from "../server-cpu.mjs";

const options = benchOptions({
  integers: {
    runs: { fallback: 200 },
    requests: { fallback: 2000 },
    concurrency: { fallback: 16 },
    "agent-ms": { fallback: 0, min: 0 },
  },
});

const AGENT = `
export default {
  async fetch(request) {
    const input = await request.json();
    if (${options["agent-ms"]} > 0) await new Promise((done) => setTimeout(done, ${options["agent-ms"]}));
    return Response.json({ status: "completed", output: { echo: input } });
  },
};`;

const FLOOR = `
import { DurableObject } from "cloudflare:workers";
// The run's time-limit alarm: far enough that none fires while the bench runs. The end does not
// move it (the gateway's end moves it to the keep time, an alarm write the floor leaves out).
const ALARM_MS = 600_000;
const callAgent = (env, body) =>
  env.AGENT.fetch("https://agent.floor/execute", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
export class Run extends DurableObject {
  waiters = new Map();
  async start(key, input) {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS run (id TEXT PRIMARY KEY, input TEXT, result TEXT)");
    sql.exec("INSERT INTO run (id, input) VALUES (?, ?)", key, input);
    await this.ctx.storage.setAlarm(Date.now() + ALARM_MS);
    this.ctx.waitUntil(this.call(key, input));
  }
  async startAndAwait(key, input) {
    await this.start(key, input);
    return this.result(key);
  }
  async call(key, input) {
    let result;
    try {
      const answer = await callAgent(this.env, input);
      result = await answer.text();
      this.ctx.storage.sql.exec("UPDATE run SET result = ? WHERE id = ?", result, key);
    } catch (error) {
      // The client checks for "completed": a failure ends the bench instead of hanging it.
      result = JSON.stringify({ status: "failed", error: String(error) });
    }
    this.waiters.get(key)?.(result);
    this.waiters.delete(key);
  }
  async result(key) {
    const [row] = this.ctx.storage.sql.exec("SELECT result FROM run WHERE id = ?", key).toArray();
    return row?.result ?? new Promise((wake) => this.waiters.set(key, wake));
  }
  async fetch(request) {
    const result = await this.result(new URL(request.url).searchParams.get("key"));
    return new Response("event: result\\ndata: " + result + "\\n\\n", {
      headers: { "content-type": "text/event-stream" },
    });
  }
  // workerd refuses setAlarm on a class without alarm(); none fires while the bench runs.
  async alarm() {}
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/blocking") {
      const answer = await callAgent(env, await request.text());
      return new Response(await answer.text(), { headers: { "content-type": "application/json" } });
    }
    const key = crypto.randomUUID();
    if (url.pathname === "/durable") {
      const result = await env.RUN.get(env.RUN.newUniqueId()).startAndAwait(key, await request.text());
      return new Response(result, { headers: { "content-type": "application/json" } });
    }
    if (url.pathname === "/async" || url.pathname === "/pooled") {
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

const PATHS = [
  ["blocking", "blocking"],
  ["durable", "blocking in an object per run"],
  ["async", "async, an object per run"],
  ["pooled", "async, one pooled object"],
];

const scratch = mkdtempSync(join(tmpdir(), "gateway-floor-"));
let mf = null;
try {
  writeFileSync(join(scratch, "floor.mjs"), FLOOR);
  writeFileSync(join(scratch, "agent.mjs"), AGENT);
  const direct = { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] };
  mf = new Miniflare({
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
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  const origin = (await mf.unsafeGetDirectURL("floor")).origin;
  const body = JSON.stringify({ data: { text: "floor" } });
  const answered = (path, text) => {
    if (!text.includes('"completed"')) throw new Error(`${path}: ${text}`);
  };
  const inRequest = async (path) => {
    const res = await fetch(`${origin}/${path}`, { method: "POST", body });
    answered(path, await res.text());
  };
  const asynchronous = async (path) => {
    const res = await fetch(`${origin}/${path}`, { method: "POST", body });
    if (res.status !== 202) throw new Error(`${path}: HTTP ${res.status}`);
    const { events } = await res.json();
    const stream = await fetch(`${origin}${events}`, { headers: { accept: "text/event-stream" } });
    const text = await stream.text();
    if (!text.startsWith("event: result")) throw new Error(`${path} events: ${text}`);
    answered(path, text);
  };
  const run = (path) =>
    path === "async" || path === "pooled" ? asynchronous(path) : inRequest(path);
  const timed = async (path) => {
    const started = performance.now();
    await run(path);
    return performance.now() - started;
  };
  // Warm-up (JIT, the first object), not counted.
  for (let i = 0; i < 50; i++) for (const [path] of PATHS) await run(path);
  const times = Object.fromEntries(PATHS.map(([path]) => [path, []]));
  for (let i = 0; i < options.runs; i++) {
    for (const [path] of PATHS) times[path].push(await timed(path));
  }
  // Each run ends before its answer leaves (the end's commit holds it), so nothing of a run is
  // left to count once the last answer arrived.
  const drive = async (path) => {
    let next = 0;
    const cpu = serverCpuMs();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.requests) {
          next++;
          await run(path);
        }
      }),
    );
    const ms = performance.now() - started;
    const perRun = cpu === null ? null : (serverCpuMs() - cpu) / options.requests;
    return { perSecond: (options.requests * 1000) / ms, perRun };
  };
  const throughput = Object.fromEntries(PATHS.map(([path]) => [path, []]));
  for (let round = 0; round < 2; round++) {
    for (const [path] of PATHS) throughput[path].push(await drive(path));
  }

  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `the floor of a durable run (workerd, state under ${tmpdir()}, agent ${options["agent-ms"]} ms), load average ${load}`,
  );
  console.log(`one at a time, alternating, ${options.runs} runs each:`);
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const base = percentile(times.blocking, 50);
  for (const [path, label] of PATHS) {
    const p50 = percentile(times[path], 50);
    const over =
      path === "blocking"
        ? ""
        : `; ${(p50 - base).toFixed(2)} ms over blocking, ${(p50 / base).toFixed(2)}x`;
    console.log(
      `  ${label.padEnd(30)} p50 ${p50.toFixed(2)} ms   p95 ${percentile(times[path], 95).toFixed(2)} ms${over}`,
    );
  }
  console.log(`concurrency ${options.concurrency}, ${options.requests} runs per row, two rounds:`);
  for (const [path, label] of PATHS) {
    for (const { perSecond, perRun } of throughput[path]) {
      const cpu = perRun === null ? "n/a" : `${perRun.toFixed(2)} ms`;
      console.log(`  ${label.padEnd(30)} ${perSecond.toFixed(0)} runs/s, workerd CPU ${cpu}/run`);
    }
  }
} finally {
  await mf?.dispose();
  rmSync(scratch, { recursive: true, force: true });
}
