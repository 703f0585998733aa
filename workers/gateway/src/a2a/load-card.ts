import type { AgentCard } from "@a2a-js/sdk";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { gatewayConfig } from "../config.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { loadProcessSchema } from "../schema/process-schema.js";
import { processCard } from "./process-card.js";

/**
 * A process's card, from the ledger (name, price) and its agent's published schemas (both
 * cached, docs/gateway.md, "Caching"). An agent that cannot be asked still gets its card, which
 * says it names no schema; an unknown process is process_not_found.
 */
export async function loadProcessCard(args: {
  env: GatewayEnv;
  processId: string;
  origin: string;
}): Promise<Result<AgentCard>> {
  const { env, processId } = args;
  const process = await cachedProcess({
    ledger: gatewayLedger(env),
    processId,
    ttlMs: gatewayConfig(env).processCacheMs,
  });
  if (process === null) return fail(appError("process_not_found"));
  const schema = await loadProcessSchema({ env, processId });
  return ok(processCard({ process, schema: schema.ok ? schema.value : null, origin: args.origin }));
}
