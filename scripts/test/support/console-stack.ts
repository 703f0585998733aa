// The local stack the console's browser tests drive: the slow-report example agent beside the
// gateway, and its processes registered through the CLI by the examples owner, the gateway's
// operator among their agents so a paid one runs (docs/gateway.md).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  type CliStack,
  examplesOwner,
  registerConfig,
  stackKeys,
  startCliStack,
  stopCliStack,
} from "../../../cli/test/e2e/support/cli-stack.js";
import { findChromium } from "../../lib/headless-chromium.mjs";
import { launchChromium } from "./console-browser.js";

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

/** The paid process the wallet stories pay for: the slow-report agent at 1000 octas a run. */
export const PAID_REPORT_PRICE = 1000n;
export const PAID_REPORT = {
  id: "slow-report",
  name: "Paid report",
  description: "Writes a short report on a topic, for a price",
  tags: ["reports"],
  pricing: { taskPrice: PAID_REPORT_PRICE.toString(), requiresPrepayment: true },
};

export type ConsoleStory = { setup: CliStack; browser: Browser; origin: string };

/**
 * One describe block's world: the stack with `processes` registered on the slow-report agent, and
 * Chromium, started before its tests and stopped after them. The answer reads it inside a test.
 */
export function consoleStory(args: {
  prefix: string;
  chromiumPath: string | null;
  processes: Record<string, unknown>[];
}): () => ConsoleStory {
  let setup: CliStack | undefined;
  let browser: Browser | undefined;
  let story: ConsoleStory | undefined;
  beforeAll(async () => {
    setup = await startConsoleStack(args.prefix);
    for (const process of args.processes) await registerSlowReport(setup, process);
    browser = await launchChromium(args.chromiumPath ?? "chromium");
    story = { setup, browser, origin: setup.stack.gatewayUrl ?? "" };
  });
  afterAll(async () => {
    await browser?.close();
    await stopCliStack(setup?.stack, setup?.dir);
  });
  return () => {
    if (story === undefined) throw new Error("the console's stack did not start");
    return story;
  };
}
