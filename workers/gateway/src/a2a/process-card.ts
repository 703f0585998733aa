import type { AgentCard, AgentExtension, AgentInterface } from "@a2a-js/sdk";
import type { LedgerProcess } from "#shared/ledger/records";
import {
  A2A_PROTOCOL_VERSION,
  AGENTGATE_CARD_EXTENSION,
  type AgentCardProcess,
} from "#shared/schemas/agent-card";
import type { ProcessSchema } from "../schema/process-schema.js";
import { JSON_MEDIA_TYPE } from "./a2a-parts.js";
import { textInputOf } from "./message-input.js";
import { X402_EXTENSION_URI } from "./x402-task.js";

/** The A2A version 0.3 clients send (the SDK's compatibility layer serves them). */
export const A2A_LEGACY_VERSION = "0.3";

/** A process's A2A URL at the gateway, and its card's (docs/gateway.md, "A2A", "Cards"). */
export function a2aUrlOf(origin: string, processId: string): string {
  return `${origin}/a2a/${encodeURIComponent(processId)}`;
}

export function cardUrlOf(origin: string, processId: string): string {
  return `${a2aUrlOf(origin, processId)}/.well-known/agent-card.json`;
}

/**
 * The card the gateway serves for a process (docs/gateway.md, "A2A", "Cards"): its A2A URL as a
 * JSON-RPC interface for A2A 1.0 and 0.3 clients and an HTTP+JSON one for 1.0, streaming, the agentgate extension with the
 * schemas and the ledger's price, and for a paid process the a2a-x402 extension, required.
 */
export function processCard(args: {
  process: LedgerProcess;
  schema: ProcessSchema | null;
  origin: string;
}): AgentCard {
  const { process, schema, origin } = args;
  const url = a2aUrlOf(origin, process.id);
  const interfaceOf = (protocolBinding: string, protocolVersion: string): AgentInterface => ({
    url,
    protocolBinding,
    tenant: "",
    protocolVersion,
  });
  const paid = process.pricing?.requiresPrepayment === true;
  const params: AgentCardProcess = {
    processId: process.id,
    gatewayUrl: origin,
    inputSchema: schema?.inputSchema ?? { type: "object" },
    ...(schema?.outputSchema === undefined ? {} : { outputSchema: schema.outputSchema }),
    pricing:
      process.pricing === undefined
        ? null
        : { taskPrice: process.pricing.taskPrice.toString(), currency: process.pricing.currency },
    pricingUrl: `${origin}/api/process/${encodeURIComponent(process.id)}`,
    ...(schema === null ? { problem: "The agent publishes no input schema" } : {}),
  };
  const extensions: AgentExtension[] = [
    {
      uri: AGENTGATE_CARD_EXTENSION,
      description:
        "agentgate process: the process id, the JSON Schemas of its input and result, and the price",
      required: false,
      params,
    },
  ];
  if (paid) {
    extensions.push({
      uri: X402_EXTENSION_URI,
      description: "Each task is paid through the escrow before it runs (the x402 escrow scheme)",
      required: true,
      params: undefined,
    });
  }
  const takesText = "field" in textInputOf(schema?.inputSchema ?? null);
  const inputModes = takesText ? [JSON_MEDIA_TYPE, "text/plain"] : [JSON_MEDIA_TYPE];
  return {
    name: process.name,
    description: process.description,
    supportedInterfaces: [
      interfaceOf("JSONRPC", A2A_PROTOCOL_VERSION),
      interfaceOf("HTTP+JSON", A2A_PROTOCOL_VERSION),
      interfaceOf("JSONRPC", A2A_LEGACY_VERSION),
    ],
    provider: undefined,
    version: "1.0.0",
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extensions,
      extendedAgentCard: false,
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: inputModes,
    defaultOutputModes: [JSON_MEDIA_TYPE],
    skills: [
      {
        id: process.id,
        name: process.name,
        description: process.description,
        tags: ["agentgate", ...process.tags],
        examples: [],
        inputModes,
        outputModes: [JSON_MEDIA_TYPE],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}
