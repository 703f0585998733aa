#!/usr/bin/env node
// Renders the gateway's /docs with headless Chromium against the local stack, offline, and saves
// a screenshot (docs/img/gateway-docs.png by default; docs/gateway.md shows it).
//   node scripts/docs-screenshot.mjs [out.png] [#fragment]
import { join } from "node:path";
import { findChromium, screenshot } from "./lib/headless-chromium.mjs";
import { ROOT, startLocalStack } from "./lib/stack.mjs";

const out = process.argv[2] ?? join(ROOT, "docs", "img", "gateway-docs.png");
const fragment = process.argv[3] ?? "";

const binary = findChromium();
if (binary === null) {
  console.error("docs-screenshot: no chromium on PATH (Debian: apt-get install -y chromium)");
  process.exit(1);
}
const stack = await startLocalStack({ agentConfigs: [] });
try {
  const url = `${stack.gatewayUrl}/docs${fragment}`;
  screenshot({ binary, url, file: out });
  console.log(`docs-screenshot: ${url} -> ${out}`);
} finally {
  await stack.stop();
}
