import { env } from "cloudflare:test";
import { expect } from "vitest";
import { AGENT_READ_DEADLINE_MS } from "../../src/execute/agent-answer.js";
import { SELF } from "./checked-self.js";
import { GATEWAY } from "./ledger-fixtures.js";

/**
 * How the hostile-peer tests (issue 20) bound a request to the gateway: within an agent deadline
 * (docs/gateway.md, "Agent answers") plus slack, with `/health` answering within 1 s throughout.
 */

/** The pool's AGENT_TIMEOUT_MS caps the reads that run nothing (/info, /logs) below 5 s. */
export const READ_DEADLINE_MS = Math.min(Number(env.AGENT_TIMEOUT_MS), AGENT_READ_DEADLINE_MS);
export const RUN_DEADLINE_MS = Number(env.AGENT_TIMEOUT_MS);
/** Room for the ledger reads and scheduling around one agent read; generous on a busy machine. */
export const SLACK_MS = 3_000;

/**
 * Runs `work` while polling /health every 50 ms; fails the test if any health answer is not 200
 * or takes 1 s or more, or if `work` takes longer than `withinMs`.
 */
export async function guarded<T>(withinMs: number, work: () => Promise<T>): Promise<T> {
  let done = false;
  const slowest: number[] = [];
  const poller = (async () => {
    while (!done) {
      const started = Date.now();
      const res = await SELF.fetch(`${GATEWAY}/health`);
      expect(res.status).toBe(200);
      await res.body?.cancel();
      slowest.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = Date.now();
  try {
    return await work();
  } finally {
    const elapsed = Date.now() - started;
    done = true;
    await poller;
    expect(elapsed).toBeLessThan(withinMs);
    expect(slowest.length).toBeGreaterThan(0);
    expect(Math.max(...slowest)).toBeLessThan(1_000);
  }
}

export type ErrorBody = { success: boolean; code?: string; error: string; status?: string };

export async function answerOf(res: Response): Promise<{ status: number; body: ErrorBody }> {
  return { status: res.status, body: await res.json<ErrorBody>() };
}
