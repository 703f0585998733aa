import { env } from "cloudflare:test";
import type { CountedRun } from "./counting-agent/run-counter-object.js";

/** The counting agent's binding name; a process with this service URL runs on it. */
export const COUNTING_AGENT = "COUNTING_AGENT";
export const COUNTING_SERVICE_URL = `service://${COUNTING_AGENT}`;

function countingAgent(): Fetcher {
  const fetcher: unknown = Reflect.get(env, COUNTING_AGENT);
  if (typeof fetcher !== "object" || fetcher === null || !("fetch" in fetcher)) {
    throw new Error(`the test pool binds no ${COUNTING_AGENT} (see test/pool)`);
  }
  return fetcher as Fetcher;
}

async function ask<T>(path: string): Promise<T> {
  const res = await countingAgent().fetch(`https://counting-agent.internal${path}`);
  if (!res.ok) throw new Error(`counting agent ${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

/** The transactionIds of every run the agent started on one payment (duplicates kept). */
export async function agentRunsOf(args: { processId: string; taskId: string }): Promise<string[]> {
  const query = new URLSearchParams(args).toString();
  return (await ask<{ transactionIds: string[] }>(`/runs?${query}`)).transactionIds;
}

/** What the agent saw for one transactionId (which payment it ran on), or null. */
export async function agentRun(transactionId: string): Promise<CountedRun | null> {
  return (
    await ask<{ run: CountedRun | null }>(`/transactions/${encodeURIComponent(transactionId)}`)
  ).run;
}
