#!/usr/bin/env node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
// The CLI's SSE parser (cli/src/runs/sse-parser.ts) on the biggest stream a run sends: 1,000 log
// events and a final result of 2 MiB on one line, cut in chunks of 1 KiB, 16 KiB and 64 KiB
// (not part of npm test):
//   node bench/cli/sse-parser.mjs [--runs N]
// Prints the median and max time per whole stream for each chunk size. A parser that copies its
// unfinished line on every chunk is quadratic here (seconds at 1 KiB); this one joins it once.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { benchOptions } from "../options.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { runs } = benchOptions({ integers: { runs: { fallback: 9 } } });

const out = mkdtempSync(join(tmpdir(), "agentgate-sse-bench-"));
const outfile = join(out, "sse-parser.mjs");
await build({
  entryPoints: [join(root, "cli", "src", "runs", "sse-parser.ts")],
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  logLevel: "warning",
});
const { createSseParser } = await import(pathToFileURL(outfile).href);
rmSync(out, { recursive: true, force: true });

const log = (seq) =>
  `id: ${seq}\nevent: log\ndata: ${JSON.stringify({ type: "log", line: `${"x".repeat(200)} é✓` })}\n\n`;
const result = `id: 1001\nevent: result\ndata: ${JSON.stringify({
  type: "result",
  run: { result: { text: "y".repeat(2 * 1024 * 1024) } },
})}\n\n`;
const stream = new TextEncoder().encode(
  Array.from({ length: 1000 }, (_, i) => log(i + 1)).join("") + result,
);
const limits = { maxLineChars: 8 * 1024 * 1024, maxEventChars: 8 * 1024 * 1024 };

console.log(`stream: ${(stream.length / 1024 / 1024).toFixed(2)} MiB, 1,001 events; ${runs} runs`);
for (const chunk of [1024, 16 * 1024, 64 * 1024]) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const parser = createSseParser(limits);
    const started = performance.now();
    let events = 0;
    for (let at = 0; at < stream.length; at += chunk) {
      const step = parser.push(stream.subarray(at, at + chunk));
      if (!step.ok) throw new Error(step.error);
      events += step.events.length;
    }
    times.push(performance.now() - started);
    if (events !== 1001) throw new Error(`parsed ${events} events`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${String(chunk / 1024).padStart(2)} KiB chunks: median ${median.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`,
  );
}
