import type { AgentDurableObject } from "../durable/agent-durable-object.js";

/** Used when the Worker has neither version metadata nor AGENT_VERSION: uptime then spans deploys. */
export const UNVERSIONED = "unversioned";

/** The version metadata binding's id on Cloudflare (and per `wrangler dev` start), else AGENT_VERSION. */
export function currentVersionId(args: {
  metadata: WorkerVersionMetadata | undefined;
  configured: string | null;
}): string {
  const id = args.metadata?.id;
  if (typeof id === "string" && id !== "") return id;
  return args.configured ?? UNVERSIONED;
}

/** A version's start time never changes once stored, so each isolate asks the Durable Object once. */
const startedAtCache = new Map<string, number>();

export async function versionStartedAt(args: {
  store: DurableObjectStub<AgentDurableObject>;
  processId: string;
  versionId: string;
}): Promise<number> {
  const key = `${args.processId}\n${args.versionId}`;
  const cached = startedAtCache.get(key);
  if (cached !== undefined) return cached;
  const startedAt = await args.store.versionStartedAt({
    versionId: args.versionId,
    now: Date.now(),
  });
  startedAtCache.set(key, startedAt);
  return startedAt;
}

/** Seconds, with millisecond precision. */
export function uptimeSeconds(startedAt: number, now: number): number {
  return Math.max(0, now - startedAt) / 1000;
}
