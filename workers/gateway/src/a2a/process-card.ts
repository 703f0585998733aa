import type { AgentCard, AgentExtension, AgentInterface } from "@a2a-js/sdk";
import type { LedgerProcess } from "#shared/ledger/records";
import {
  A2A_X402_CARD_EXTENSION,
  AGENTGATE_CARD_EXTENSION,
  type AgentCardProcess,
  a2aInterfacesOf,
  a2aUrlOf,
} from "#shared/schemas/agent-card";
import type { ProcessSchema } from "../schema/process-schema.js";
import { JSON_MEDIA_TYPE } from "./a2a-parts.js";
import { textInputOf } from "./message-input.js";

/** Where a process's card is at the gateway (docs/gateway.md, "A2A", "Cards"). */
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
    extensions.push({ ...A2A_X402_CARD_EXTENSION, params: undefined });
  }
  const takesText = "field" in textInputOf(schema?.inputSchema ?? null);
  const inputModes = takesText ? [JSON_MEDIA_TYPE, "text/plain"] : [JSON_MEDIA_TYPE];
  return {
    name: process.name,
    description: process.description,
    supportedInterfaces: a2aInterfacesOf(url).map(
      (one): AgentInterface => ({ ...one, tenant: "" }),
    ),
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
