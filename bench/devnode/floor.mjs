#!/usr/bin/env node
// What workerd itself allows on this machine, whatever the devnode does: requests per second and
// workerd CPU per request for an empty Worker, and for an empty Worker that calls an empty
// Durable Object (by fetch, as the devnode's Worker does, and by RPC), all through a workerd
// socket bound to the Worker. The devnode's view figure cannot pass the Durable Object rows.
//
//   node bench/devnode/floor.mjs [--requests 20000] [--concurrency 16]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { benchOptions } from "../options.mjs";
import { serverCpuMs } from "../server-cpu.mjs";
import { httpClient } from "./http-client.mjs";

const options = benchOptions({
  integers: { requests: { fallback: 20000 }, concurrency: { fallback: 16 } },
});
const REQUESTS = options.requests;
const CONCURRENCY = options.concurrency;

// The request body is read everywhere: workerd closes a keep-alive connection whose body is left.
const WORKER = `
import { DurableObject } from "cloudflare:workers";
export class Empty extends DurableObject {
  async fetch(request) { await request.arrayBuffer(); return new Response("[true]"); }
  view() { return "[true]"; }
}
let id;
export default {
  async fetch(request, env) {
    const path = new URL(request.url).pathname;
    if (path === "/worker") { await request.arrayBuffer(); return new Response("[true]"); }
    id ??= env.EMPTY.idFromName("empty");
    const stub = env.EMPTY.get(id);
    if (path === "/do-fetch") return stub.fetch(request);
    await request.arrayBuffer();
    return new Response(await stub.view());
  },
};`;

const PATHS = [
  ["/worker", "empty Worker"],
  ["/do-fetch", "empty Worker -> Durable Object fetch"],
  ["/do-rpc", "empty Worker -> Durable Object RPC"],
];

const scratch = mkdtempSync(join(tmpdir(), "workerd-floor-"));
try {
  writeFileSync(join(scratch, "worker.mjs"), WORKER);
  const mf = new Miniflare({
    name: "floor",
    modules: true,
    modulesRoot: scratch,
    scriptPath: join(scratch, "worker.mjs"),
    compatibilityDate: "2026-04-01",
    durableObjects: { EMPTY: { className: "Empty", useSQLite: true } },
    defaultPersistRoot: join(scratch, "state"),
    durableObjectsPersist: true,
    host: "127.0.0.1",
    port: 0,
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  });
  await mf.ready;
  const origin = (await mf.unsafeGetDirectURL("floor")).origin;
  const request = httpClient(origin, CONCURRENCY);
  const body = Buffer.from('{"function":"0x1::m::f","type_arguments":[],"arguments":[]}');
  const drive = async (path, count) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          next++;
          const response = await request("POST", path, body, "application/json");
          if (response.text !== "[true]") throw new Error(`${path}: ${response.text}`);
        }
      }),
    );
  };
  // A warm-up per path (JIT, the Durable Object's first start), not counted.
  for (const [path] of PATHS) await drive(path, 2000);
  const rows = [];
  // Two rounds, alternating, so a change of load on the machine shows as a spread, not a bias.
  for (let round = 0; round < 2; round++) {
    for (const [path, label] of PATHS) {
      const cpu = serverCpuMs();
      const started = performance.now();
      await drive(path, REQUESTS);
      const ms = performance.now() - started;
      const perRequest =
        cpu === null ? "n/a" : `${(((serverCpuMs() - cpu) * 1000) / REQUESTS).toFixed(0)} µs`;
      rows.push(
        `${label}: ${Math.round((REQUESTS * 1000) / ms)} requests/s, workerd CPU ${perRequest}/request`,
      );
    }
  }
  await mf.dispose();
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `workerd floor: ${REQUESTS} requests per row, concurrency ${CONCURRENCY}, load average ${load}`,
  );
  for (const row of rows) console.log(row);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
