#!/usr/bin/env node
// The gateway's data check against hostile input schemas and data (issue 20, point 3; the corpus
// of workers/gateway/test/support/hostile-schemas.ts): for each case, the time to judge the schema
// against the complexity budget when it is fetched, and the worst and median time of checking
// the data against an accepted schema, in CPU time; and the check as it was before, on bombs
// small enough to finish. Target: every check under 10 ms.
//
//   node bench/gateway/schema-check.mjs [--runs 20]
//
// Not part of `npm test`; run by bench/gateway/run.mjs too. No network.
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { build } from "esbuild";
import { benchOptions } from "../options.mjs";
import { percentile } from "../percentile.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
// Node bundles must sit inside the repo so their external packages resolve from node_modules.
const OUTFILE = join(ROOT, "node_modules", ".cache", "agentgate-bench-gateway", "schema-check.mjs");

// A full collection before each timed call, so that a pause for garbage made by earlier calls
// (the corpus builds arrays of 20,000 values) is not charged to the call that happens to trigger it.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc");

/**
 * Milliseconds of CPU (this process's user + system time, which a busy machine's other processes
 * do not add to, unlike wall time) of each of `runs` calls of `call`, after one warm-up call.
 */
function timed(runs, call) {
  call();
  const times = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const started = process.cpuUsage();
    call();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The check as it was before issue 20 (every error collected, the published schema as is, JS
 * RegExp on owner patterns), on two bombs small enough to finish: the growth the budget stops.
 */
function beforeFigures({ Validator, anyOfChain, REDOS }) {
  const once = (schema, data) => {
    collectGarbage();
    const started = process.cpuUsage();
    new Validator(schema, "2020-12", false).validate(data);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const redos = { type: "object", properties: { s: { type: "string", pattern: REDOS } } };
  return [
    ...[20, 22, 24].map((n) => ({
      name: `pattern ^(a+)+$ on ${n} a's and a !`,
      ms: once(redos, { s: `${"a".repeat(n)}!` }),
    })),
    ...[10, 11, 12].map((n) => ({
      name: `anyOf $ref chain, ${n} levels`,
      ms: once(anyOfChain(n), { v: 1 }),
    })),
  ];
}

/** Per case: the budget's verdict and time, and the check's answer, worst and median time. */
export async function schemaCheckFigures({ runs }) {
  await build({
    entryPoints: [join(ROOT, "workers/gateway/test/support/schema-check-entry.ts")],
    outfile: OUTFILE,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "es2022",
    packages: "external",
    logLevel: "error",
  });
  const { checkExecuteData, schemaBudget, HOSTILE_CASES, anyOfChain, REDOS } = await import(
    OUTFILE
  );
  const { Validator } = await import("@cfworker/json-schema");
  const before = beforeFigures({ Validator, anyOfChain, REDOS });
  const cases = HOSTILE_CASES.map(({ name, schema, data }) => {
    const budget = timed(runs, () => schemaBudget(schema));
    const verdict = schemaBudget(schema);
    const answer = checkExecuteData({ data, inputSchema: schema });
    const check = timed(runs, () => checkExecuteData({ data, inputSchema: schema }));
    return {
      name,
      verdict: "refusal" in verdict ? "refused" : `unit cost ${verdict.unitCost}`,
      answer: answer.ok ? "passes" : answer.error.code,
      budgetMs: budget[budget.length - 1],
      checkWorstMs: check[check.length - 1],
      checkP50Ms: percentile(check, 50),
      budgetP50Ms: percentile(budget, 50),
    };
  });
  return { before, cases };
}

export function printSchemaCheck({ before, cases: rows }, { runs }) {
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
  console.log(
    `data check against hostile schemas, ${runs} runs each (ms of CPU; load average ${load}):`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(78)} ${row.verdict.padEnd(14)} ${row.answer.padEnd(18)} budget ${row.budgetMs.toFixed(2).padStart(7)}   check worst ${row.checkWorstMs.toFixed(2).padStart(7)}  p50 ${row.checkP50Ms.toFixed(2).padStart(7)}`,
    );
  }
  const worstBudgetP50 = rows.reduce((a, b) => (b.budgetP50Ms > a.budgetP50Ms ? b : a));
  const worst = rows.reduce((a, b) => (b.checkWorstMs > a.checkWorstMs ? b : a));
  const worstP50 = rows.reduce((a, b) => (b.checkP50Ms > a.checkP50Ms ? b : a));
  const worstBudget = rows.reduce((a, b) => (b.budgetMs > a.budgetMs ? b : a));
  console.log(
    `  worst check ${worst.checkWorstMs.toFixed(2)} ms (${worst.name}); worst median check ${worstP50.checkP50Ms.toFixed(2)} ms (${worstP50.name}); worst budget verdict ${worstBudget.budgetMs.toFixed(2)} ms (${worstBudget.name}); worst median budget verdict ${worstBudgetP50.budgetP50Ms.toFixed(2)} ms; target: every check under 10 ms`,
  );
  console.log("the check before issue 20 (all errors, owner regexes), one run each (ms of CPU):");
  for (const row of before)
    console.log(`  ${row.name.padEnd(40)} ${row.ms.toFixed(1).padStart(9)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = benchOptions({ integers: { runs: { fallback: 20 } } });
  printSchemaCheck(await schemaCheckFigures(options), options);
}
