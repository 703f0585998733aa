import type { LedgerClient } from "#shared/ledger/client";
import type { LedgerProcess } from "#shared/ledger/records";

const MAX_ENTRIES = 1_000;
const processes = new Map<string, { process: LedgerProcess; expiresAt: number }>();

/** get_process, reused for `ttlMs` by this isolate; an unknown id is always asked again. */
export async function cachedProcess(args: {
  ledger: LedgerClient;
  processId: string;
  ttlMs: number;
}): Promise<LedgerProcess | null> {
  const now = Date.now();
  const hit = processes.get(args.processId);
  if (hit !== undefined && hit.expiresAt > now) return hit.process;
  const process = await args.ledger.getProcess(args.processId);
  if (process !== null && args.ttlMs > 0) {
    if (processes.size >= MAX_ENTRIES) processes.clear();
    processes.set(args.processId, { process, expiresAt: now + args.ttlMs });
  } else {
    processes.delete(args.processId);
  }
  return process;
}
