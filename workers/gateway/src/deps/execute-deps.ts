import { gatewayConfig } from "../config.js";
import { claimsStub, operatorAccountStub, outcomeQueueStub } from "../durable/stubs.js";
import { agentSignerOf, noAgentSignerAnswer } from "../execute/agent-signer.js";
import { parseAgentBindings, resolveAgentTarget } from "../execute/agent-target.js";
import type { ExecuteDeps } from "../execute/execute-types.js";
import { forwardToAgent } from "../execute/forward-to-agent.js";
import type { GatewayAnswer } from "../http/respond.js";
import { loadGatewayContext } from "../ledger/context-cache.js";
import { gatewayLedger } from "../ledger/gateway-ledger.js";
import { operatorAccount } from "../outcome/operator-account.js";
import { checkAgainstAgentSchema } from "../schema/check-data.js";

/**
 * What an execute of `processId` for `userAddress` runs on, from the Worker's env: the one place
 * both transports (the HTTP route, the MCP server) build it. Without an operator key no agent
 * would accept the gateway's call, so there are no deps: the answer says why (nothing is claimed).
 */
export function executeDepsFor(args: {
  env: GatewayEnv;
  processId: string;
  userAddress: string;
}): { ok: true; deps: ExecuteDeps } | { ok: false; answer: GatewayAnswer } {
  const { env, processId, userAddress } = args;
  const config = gatewayConfig(env);
  const ledger = gatewayLedger(env);
  const operator = operatorAccount(config.operatorPrivateKey);
  const signer = agentSignerOf(operator);
  if (signer === null) return { ok: false, answer: noAgentSignerAnswer({ processId }) };
  const queue = () => outcomeQueueStub(env, processId);
  const deps: ExecuteDeps = {
    loadContext: ({ fresh }) =>
      loadGatewayContext({
        ledger,
        processId,
        payer: userAddress,
        ttlMs: config.processCacheMs,
        fresh,
      }),
    claims: () => claimsStub(env, processId, userAddress),
    resolveTarget: (serviceUrl) =>
      resolveAgentTarget({
        serviceUrl,
        bindings: env as unknown as Record<string, unknown>,
        agentBindings: parseAgentBindings(env.AGENT_BINDINGS),
        allowHttp: config.allowHttpAgents,
      }),
    forward: (target, request, ownerAddress, call = {}) =>
      forwardToAgent({
        target,
        request,
        signer,
        ownerAddress,
        ...call,
        timeoutMs: call.timeoutMs ?? config.agentTimeoutMs,
      }),
    checkData: ({ target, serviceUrl, ownerAddress, data }) =>
      checkAgainstAgentSchema({
        source: {
          target,
          serviceUrl,
          processId,
          ownerAddress,
          signer,
          timeoutMs: config.agentTimeoutMs,
        },
        data,
      }),
    operator: {
      address: operator === null ? null : operator.accountAddress.toStringLong(),
      owners: config.operatorOwners,
      minPriceOctas: config.operatorMinPriceOctas,
    },
    publicOrigin: config.publicOrigin,
    reports: {
      reserve: (reservation) => queue().reserve({ processId, ...reservation }),
      withdraw: (reservation) => queue().withdraw(reservation),
    },
    claimRun: ({ taskId, payer }) =>
      operatorAccountStub(env).claimRun({ processId, taskId, payer }),
    timeoutMs: config.agentTimeoutMs,
    ledger,
    unsignedTransactionTtlSeconds: config.unsignedTransactionTtlSeconds,
  };
  return { ok: true, deps };
}
