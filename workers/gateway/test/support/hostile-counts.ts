import { env } from "cloudflare:test";
import { uniqueId } from "./ledger-fixtures.js";

/** The hostile agent's binding name (test/support/hostile-agent). */
export const HOSTILE_AGENT = "HOSTILE_AGENT";

/** How the hostile agent answers, per process (hostile-agent.ts). */
export type HostileBehaviour =
  | "endless"
  | "over-length"
  | "over-chunked"
  | "gzip"
  | "drip"
  | "hang"
  | "invalid-json"
  | "wrong-type"
  | "schema-redos"
  | "schema-anyof-chain"
  | "schema-ref-recursion"
  | "conflict"
  | "stream-slow"
  | "stream-forever"
  | "stream-over"
  | "stream-many"
  | "stream-malformed"
  | "stream-no-answer"
  | "stream-queued";

/** The agent routes the gateway reads; a behaviour may be limited to one of them. */
export type AgentRoute = "info" | "execute" | "logs";

/**
 * A service URL on the hostile agent with a fresh key: its requests are counted on their own.
 * With `only`, the behaviour applies to that route alone and the others answer honestly.
 */
export function hostileServiceUrl(
  behaviour: HostileBehaviour,
  only?: AgentRoute,
): { serviceUrl: string; base: string } {
  const mode = only === undefined ? behaviour : `${behaviour}.${only}`;
  const base = `${mode}/${uniqueId("h")}`;
  return { serviceUrl: `service://${HOSTILE_AGENT}/${base}`, base };
}

function hostileAgent(): Fetcher {
  const fetcher: unknown = Reflect.get(env, HOSTILE_AGENT);
  if (typeof fetcher !== "object" || fetcher === null || !("fetch" in fetcher)) {
    throw new Error(`the test pool binds no ${HOSTILE_AGENT} (see test/pool)`);
  }
  return fetcher as Fetcher;
}

/** Requests per route (`info`, `execute`, `logs`) the hostile agent received for one base. */
export async function hostileCounts(base: string): Promise<Record<string, number>> {
  const res = await hostileAgent().fetch(`https://hostile-agent.internal/_counts/${base}`);
  if (!res.ok) throw new Error(`hostile agent counts: ${res.status} ${await res.text()}`);
  return res.json<Record<string, number>>();
}

/** The transactionId of the last /execute the hostile agent received for one base, or null. */
export async function hostileLastTransaction(base: string): Promise<string | null> {
  const res = await hostileAgent().fetch(`https://hostile-agent.internal/_last/${base}`);
  if (!res.ok) throw new Error(`hostile agent last transaction: ${res.status}`);
  return res.json<string | null>();
}
