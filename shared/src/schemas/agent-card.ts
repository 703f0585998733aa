import { z } from "zod";
import { jsonSchemaDocumentSchema } from "./agent.js";
import { amountStringSchema } from "./amount.js";

/**
 * The agent card an agent serves at /.well-known/agent-card.json (docs/agent.md, "Agent card"),
 * as the gateway's per process does too: A2A v1.0's AgentCard fields, with agentgate's facts
 * (process id, input and output schemas, price, gateway) in a data-only A2A extension, A2A's
 * place for what its core fields do not carry.
 */
export const AGENTGATE_CARD_EXTENSION = "urn:agentgate:a2a:process:v1";

export const A2A_PROTOCOL_VERSION = "1.0";
/** The A2A version 0.3 clients speak: the gateway serves them through the SDK's compat layer. */
export const A2A_LEGACY_PROTOCOL_VERSION = "0.3";

/** The a2a-x402 extension, v0.2: the URI its spec gives for declaring and activating it. */
export const A2A_X402_EXTENSION =
  "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2";

/** A paid process's card declares the a2a-x402 extension, required: each task is paid first. */
export const A2A_X402_CARD_EXTENSION = {
  uri: A2A_X402_EXTENSION,
  description: "Each task is paid through the escrow before it runs (the x402 escrow scheme)",
  required: true,
} as const;

/** A process's A2A URL at its gateway (docs/gateway.md, "A2A"). */
export function a2aUrlOf(gatewayUrl: string, processId: string): string {
  return `${gatewayUrl}/a2a/${encodeURIComponent(processId)}`;
}

/**
 * The interfaces of a process's A2A URL, in the order a client should prefer them: JSON-RPC and
 * HTTP+JSON for A2A 1.0, and JSON-RPC for 0.3 clients (docs/gateway.md, "A2A", "Cards").
 */
export function a2aInterfacesOf(url: string) {
  return [
    { url, protocolBinding: "JSONRPC", protocolVersion: A2A_PROTOCOL_VERSION },
    { url, protocolBinding: "HTTP+JSON", protocolVersion: A2A_PROTOCOL_VERSION },
    { url, protocolBinding: "JSONRPC", protocolVersion: A2A_LEGACY_PROTOCOL_VERSION },
  ];
}

const mediaTypes = z.array(z.string());

export const agentCardProcessSchema = z.object({
  processId: z.string(),
  /** The gateway's public base URL (AGENT_GATEWAY_URL); null when the agent was not told. */
  gatewayUrl: z.string().nullable(),
  inputSchema: jsonSchemaDocumentSchema,
  outputSchema: jsonSchemaDocumentSchema.optional(),
  /** The price the owner advertises (AGENT_TASK_PRICE); null when not configured. */
  pricing: z.object({ taskPrice: amountStringSchema, currency: z.string() }).nullable(),
  /** Where the ledger's price, the one a run costs, is read: the gateway's process route. */
  pricingUrl: z.string().nullable(),
  /** Why the card names no endpoint, when it names none. */
  problem: z.string().optional(),
});

export type AgentCardProcess = z.infer<typeof agentCardProcessSchema>;

export const agentCardSchema = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  supportedInterfaces: z.array(
    z.object({ url: z.string(), protocolBinding: z.string(), protocolVersion: z.string() }),
  ),
  capabilities: z.object({
    streaming: z.boolean(),
    pushNotifications: z.boolean(),
    extensions: z.tuple(
      [
        z.object({
          uri: z.literal(AGENTGATE_CARD_EXTENSION),
          description: z.string(),
          required: z.boolean(),
          params: agentCardProcessSchema,
        }),
      ],
      // A paid process's: the a2a-x402 extension, required.
      z.object({
        uri: z.literal(A2A_X402_EXTENSION),
        description: z.string(),
        required: z.boolean(),
      }),
    ),
  }),
  defaultInputModes: mediaTypes,
  defaultOutputModes: mediaTypes,
  skills: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      inputModes: mediaTypes,
      outputModes: mediaTypes,
    }),
  ),
});

export type AgentCard = z.infer<typeof agentCardSchema>;
