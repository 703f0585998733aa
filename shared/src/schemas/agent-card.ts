import { z } from "zod";
import { jsonSchemaDocumentSchema } from "./agent.js";
import { amountStringSchema } from "./amount.js";

/**
 * The agent card an agent serves at /.well-known/agent-card.json (docs/agent.md, "Agent card"):
 * A2A v1.0's AgentCard fields, with agentgate's facts (process id, input and output schemas,
 * price, gateway) in a data-only A2A extension, A2A's place for what its core fields do not carry.
 */
export const AGENTGATE_CARD_EXTENSION = "urn:agentgate:a2a:process:v1";

/** The protocolBinding of the one interface: agentgate's execute API, not an A2A binding. */
export const AGENTGATE_EXECUTE_BINDING = "AGENTGATE-EXECUTE";

export const A2A_PROTOCOL_VERSION = "1.0";

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
    extensions: z.tuple([
      z.object({
        uri: z.literal(AGENTGATE_CARD_EXTENSION),
        description: z.string(),
        required: z.boolean(),
        params: agentCardProcessSchema,
      }),
    ]),
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
