import { appError, fail, type Result } from "#shared/errors/app-error";
import { LedgerError } from "#shared/ledger/errors";
import { gatewayConfig } from "../config.js";
import { agentSignerOf } from "../execute/agent-signer.js";
import { parseAgentBindings, resolveAgentTarget } from "../execute/agent-target.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { ledgerAppError } from "../ledger/ledger-error-answer.js";
import { cachedProcess } from "../ledger/process-cache.js";
import { operatorAccount } from "../outcome/operator-account.js";
import { agentSchemaOf, type ProcessSchema } from "./agent-schema.js";

export type { ProcessSchema } from "./agent-schema.js";

/**
 * A process's input and output schemas, as its agent publishes them (docs/gateway.md, "Process
 * schemas"), for any surface of the gateway (the schema route, the MCP tools). Never throws for
 * a known condition:
 * - ok(schema), or ok(null) when the agent publishes none;
 * - fail(process_not_found) for an unknown process;
 * - fail(agent_unavailable) when the agent cannot be resolved or asked, or its schema is too large;
 * - fail(configuration_error) without OPERATOR_PRIVATE_KEY (agent requests are signed);
 * - fail(ledger_unavailable and the like) when the ledger cannot say what the process is.
 */
export async function loadProcessSchema(args: {
  env: GatewayEnv;
  processId: string;
}): Promise<Result<ProcessSchema | null>> {
  const { env, processId } = args;
  const config = gatewayConfig(env);
  const signer = agentSignerOf(operatorAccount(config.operatorPrivateKey));
  if (signer === null) {
    return fail(
      appError(
        "configuration_error",
        "This gateway has no OPERATOR_PRIVATE_KEY, the key it signs agent requests with",
      ),
    );
  }
  let process: Awaited<ReturnType<typeof cachedProcess>>;
  try {
    process = await cachedProcess({
      ledger: gatewayLedger(env),
      processId,
      ttlMs: config.processCacheMs,
    });
  } catch (error) {
    if (error instanceof LedgerError) return fail(ledgerAppError(error));
    throw error;
  }
  if (process === null) return fail(appError("process_not_found"));
  const resolved = resolveAgentTarget({
    serviceUrl: process.serviceUrl,
    bindings: env as unknown as Record<string, unknown>,
    agentBindings: parseAgentBindings(env.AGENT_BINDINGS),
    allowHttp: config.allowHttpAgents,
  });
  if (!resolved.ok) return fail(appError("agent_unavailable", resolved.message));
  return agentSchemaOf({
    target: resolved.target,
    serviceUrl: process.serviceUrl,
    processId,
    ownerAddress: process.owner,
    signer,
    timeoutMs: config.agentTimeoutMs,
  });
}
