// The gateway's /docs as a browser renders it, offline: headless Chromium (every host but the
// loopback unresolvable) against the local stack's gateway. Skips, saying why, only when no
// Chromium is installed (Debian: apt-get install -y chromium).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpDom, findChromium } from "../lib/headless-chromium.mjs";
import { startLocalStack } from "../lib/stack.mjs";

const chromium = findChromium();
if (chromium === null) {
  console.warn("docs-page.test: skipped, no chromium on PATH (apt-get install -y chromium)");
}

describe.skipIf(chromium === null)("GET /docs in a browser, offline", () => {
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  let rendered: string;

  beforeAll(async () => {
    stack = await startLocalStack({ agentConfigs: [] });
    const dom = dumpDom({ binary: chromium as string, url: `${stack.gatewayUrl}/docs` });
    // The document itself is inlined in a script element; only what the UI rendered counts.
    rendered = dom.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("runs only its own scripts: a CSP by hash, same as the console's origin rules", async () => {
    // The page shares its origin with the console's development wallet (docs/console.md).
    const csp = (await fetch(`${stack.gatewayUrl}/docs`)).headers.get("content-security-policy");
    const scripts = csp?.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scripts?.split(" ").slice(1)).toEqual([
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("renders every route with its request and response schemas", () => {
    for (const summary of [
      "Execute a process",
      "Pay into escrow with a transaction the payer signed",
      "List processes",
      "Look a process up",
      "Read a run: its state, progress and result",
      "Watch a run: its events, live",
      "Cancel a run",
    ]) {
      expect(rendered).toContain(summary);
    }
    // Fields of ExecuteBody (a request) and of ErrorResponse (every error answer), as rendered.
    for (const field of ["userAddress", "workflowId", "transactionId", "timestamp"]) {
      expect(rendered).toContain(field);
    }
  });
});
