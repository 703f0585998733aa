import type { Account } from "@aptos-labs/ts-sdk";
import { type AgentRoute, type HostileBehaviour, hostileServiceUrl } from "./hostile-counts.js";
import { address, operator, registerProcess, uniqueId } from "./ledger-fixtures.js";

/** A process served by the hostile agent; `base` reads its request counts (hostileCounts). */
export type Registered = { processId: string; base: string; tag: string };

/**
 * One process per behaviour on the hostile agent (hostile-counts.ts), each with a fresh key, all
 * tagged `tag`, or each with a fresh tag of its own without one (so MCP tools/list can list it
 * alone). With `only`, the behaviour applies to that agent route alone.
 */
export async function registerEach(args: {
  owner: Account;
  behaviours: readonly HostileBehaviour[];
  tag?: string;
  only?: AgentRoute;
}): Promise<Map<HostileBehaviour, Registered>> {
  const map = new Map<HostileBehaviour, Registered>();
  for (const behaviour of args.behaviours) {
    const { serviceUrl, base } = hostileServiceUrl(behaviour, args.only);
    const tag = args.tag ?? uniqueId(behaviour);
    const processId = await registerProcess({ owner: args.owner, serviceUrl, tags: [tag] });
    map.set(behaviour, { processId, base, tag });
  }
  return map;
}

export function registered(map: Map<HostileBehaviour, Registered>, behaviour: HostileBehaviour) {
  const found = map.get(behaviour);
  if (found === undefined) throw new Error(`no process for ${behaviour}`);
  return found;
}

/**
 * A process whose execute streams as the hostile agent's `behaviour` says (stream-slow works
 * step by step; stream-queued stays queued before its agent starts). A paid one lists the
 * gateway's operator among its agents, so the gateway reports its outcomes (the cancel rule's
 * FAILED report, docs/gateway.md "Canceling a run").
 */
export function streamingProcess(args: {
  owner: Account;
  behaviour: "stream-slow" | "stream-queued";
  paid: boolean;
}): Promise<string> {
  return registerProcess({
    owner: args.owner,
    serviceUrl: hostileServiceUrl(args.behaviour, "execute").serviceUrl,
    paid: args.paid,
    agents: args.paid ? [address(operator)] : [],
  });
}
