import type { LedgerClient } from "#shared/ledger/client";
import type { GatewayContext } from "#shared/ledger/records";

const MAX_ENTRIES = 1_000;
const contexts = new Map<string, { context: GatewayContext; expiresAt: number }>();

function isFree(context: GatewayContext): boolean {
  return context.processExists && context.pricing?.requiresPrepayment !== true;
}

/**
 * The one-call gateway view. Process metadata of a free process may be reused for `ttlMs`
 * (nothing payer-specific is read for those); a paid process is always asked afresh, so a
 * payment is never taken from a cache, and so is any request whose caller proof needs this
 * payer's authentication key (`fresh`).
 */
export async function loadGatewayContext(args: {
  ledger: LedgerClient;
  processId: string;
  payer: string;
  ttlMs: number;
  fresh?: boolean;
  nowMs?: number;
}): Promise<GatewayContext> {
  const now = args.nowMs ?? Date.now();
  const hit = contexts.get(args.processId);
  if (args.fresh !== true && hit !== undefined && hit.expiresAt > now) return hit.context;
  const context = await args.ledger.gatewayContext({
    processId: args.processId,
    payer: args.payer,
  });
  if (args.ttlMs > 0 && isFree(context)) {
    if (contexts.size >= MAX_ENTRIES) contexts.clear();
    contexts.set(args.processId, { context, expiresAt: now + args.ttlMs });
  } else {
    contexts.delete(args.processId);
  }
  return context;
}
