import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import type { AgentRequestSigner } from "#shared/auth/agent-signature";
import { ed25519SeedSigner } from "#shared/auth/ed25519-signer";
import { appError } from "#shared/errors/app-error";
import { errorAnswer, type GatewayAnswer } from "../http/respond.js";

/**
 * The gateway signs every agent request with its one key, the operator key (docs/agent.md,
 * "Gateway signatures"): agents are configured with its public key. Raw Ed25519 over the message
 * bytes, as agents verify it, made on Web Crypto's native Ed25519 (the key imported once per
 * isolate): the same bytes as the Account's pure-JS signature, in a fraction of the CPU.
 */
export function agentSignerOf(operator: Ed25519Account | null): AgentRequestSigner | null {
  if (operator === null) return null;
  return {
    publicKey: operator.publicKey.toUint8Array(),
    sign: ed25519SeedSigner(operator.privateKey.toUint8Array()),
  };
}

/** Without OPERATOR_PRIVATE_KEY no agent would accept the gateway's call: fail closed, saying so. */
export function noAgentSignerAnswer(ids: { processId?: string }): GatewayAnswer {
  return errorAnswer(
    appError(
      "configuration_error",
      "This gateway has no OPERATOR_PRIVATE_KEY, the key it signs agent requests with; it calls no agent until one is set",
    ),
    ids,
  );
}
