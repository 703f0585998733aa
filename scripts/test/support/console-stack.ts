// The local stack the console's browser tests drive: the slow-report example agent beside the
// gateway, and its processes registered through the CLI by the examples owner, the gateway's
// operator among their agents so a paid one runs (docs/gateway.md).
import {
  type CliStack,
  examplesOwner,
  registerConfig,
  stackKeys,
  startCliStack,
} from "../../../cli/test/e2e/support/cli-stack.js";
import { findChromium } from "../../lib/headless-chromium.mjs";

/**
 * Debian's Chromium, or null with a line saying why `testName` is skipped: the browser tests skip
 * only when none is installed (apt-get install -y chromium).
 */
export function chromiumOrSkip(testName: string): string | null {
  const path = findChromium();
  if (path === null) {
    console.warn(`${testName}: skipped, no chromium on PATH (apt-get install -y chromium)`);
  }
  return path;
}

/** The stack with the slow-report agent: one step a second, progress and a log line per step. */
export function startConsoleStack(prefix: string): Promise<CliStack> {
  return startCliStack(prefix, {
    agentConfigs: ["workers/agent/examples/slow-report/wrangler.jsonc"],
  });
}

/** Registers a process the slow-report agent serves; `pricing` makes it a paid one. */
export async function registerSlowReport(setup: CliStack, process: Record<string, unknown>) {
  await registerConfig(setup, examplesOwner(setup.stack), {
    url: "service://SLOW_REPORT_AGENT",
    agents: [stackKeys(setup.stack).operator.address],
    ...process,
  });
}
