// CPU profiles of Workers' isolates over a stretch of the bench (run.mjs --cpu-profile DIR):
// workerd speaks the Chrome DevTools Protocol on Miniflare's inspectorPort, one target per Worker
// (`core:user:<name>`), so Profiler.start/stop around the measured requests profiles exactly
// them. Each profile is written as DIR/<worker>.cpuprofile (open it in Chrome's DevTools) and
// its top functions by self time are printed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";

/** One DevTools session: `send(method, params)` resolves with the method's result. */
async function devtools(url) {
  const socket = new WebSocket(url);
  await new Promise((opened, failed) => {
    socket.once("open", opened);
    socket.once("error", failed);
  });
  let nextId = 1;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    const done = waiting.get(message.id);
    if (done === undefined) return;
    waiting.delete(message.id);
    done(message);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (message) =>
        message.error
          ? reject(new Error(`${method}: ${message.error.message}`))
          : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** The profile's functions by self time, largest first: `[{ name, selfMs, percent }]`. */
export function topSelfTime(profile, count = 25) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas ?? [];
  for (const [i, sample] of profile.samples.entries()) {
    selfUs.set(sample, (selfUs.get(sample) ?? 0) + (deltas[i + 1] ?? 0));
  }
  const byFunction = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byNode.get(id);
    const file = callFrame.url.split("/").pop();
    const name = `${callFrame.functionName || "(anonymous)"} ${file}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    total += us;
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, selfMs: us / 1000, percent: (100 * us) / total }));
}

/**
 * Starts profiling `workers` (names) of `mf`; the returned `stop()` ends it, writes the profiles
 * under `dir` and prints each one's top self times.
 */
export async function profileWorkers({ mf, workers, dir }) {
  const base = await mf.getInspectorURL();
  const sessions = await Promise.all(
    workers.map(async (name) => {
      const session = await devtools(new URL(`/core:user:${name}`, base).href);
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: 100 });
      await session.send("Profiler.start");
      return { name, session };
    }),
  );
  mkdirSync(dir, { recursive: true });
  return async function stop() {
    for (const { name, session } of sessions) {
      const { profile } = await session.send("Profiler.stop");
      session.close();
      const file = join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const sampledMs = (profile.endTime - profile.startTime) / 1000;
      const top = topSelfTime(profile, Number.POSITIVE_INFINITY);
      const idleMs = top.find((entry) => entry.name.startsWith("(idle)"))?.selfMs ?? 0;
      console.log(
        `CPU profile of ${name}: ${sampledMs.toFixed(0)} ms sampled, ${(sampledMs - idleMs).toFixed(0)} ms not idle, ${file}:`,
      );
      for (const { name: fn, selfMs, percent } of top.slice(0, 25)) {
        console.log(
          `  ${percent.toFixed(1).padStart(5)}%  ${selfMs.toFixed(0).padStart(6)} ms  ${fn}`,
        );
      }
    }
  };
}
