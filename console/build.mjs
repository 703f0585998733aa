#!/usr/bin/env node
// Bundles the console (docs/console.md) into console/dist/: console.js and console.css, which the
// gateway Worker imports as text and serves at /console (wrangler.jsonc's Text rule). This is the
// gateway's custom build (wrangler.jsonc `build.command`): wrangler runs it before `wrangler
// deploy` and `wrangler dev`, and scripts/lib/bundle-worker.mjs before every bundle of the gateway
// it makes (the local stack, the test pool, the bench). Prints the JavaScript's gzip size, which
// scripts/test/console-size.test.ts holds to the budget.
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
export const CONSOLE_DIST = join(here, "dist");
/** The first load's budget of compressed JavaScript (issue 23, "Quality"). */
export const CONSOLE_JS_BUDGET_BYTES = 150 * 1024;

/** Bundles the console; resolves with the JavaScript's size, raw and gzipped, in bytes. */
export async function buildConsole() {
  mkdirSync(CONSOLE_DIST, { recursive: true });
  await build({
    entryPoints: { console: join(here, "src", "main.tsx") },
    outdir: CONSOLE_DIST,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    jsxImportSource: "hono/jsx/dom",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const js = readFileSync(join(CONSOLE_DIST, "console.js"));
  return { bytes: js.length, gzipBytes: gzipSync(js, { level: 9 }).length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes, gzipBytes } = await buildConsole();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `console: ${kb(bytes)} of JavaScript, ${kb(gzipBytes)} gzipped (budget ${kb(CONSOLE_JS_BUDGET_BYTES)})`,
  );
}
