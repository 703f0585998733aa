import { CURRENCY } from "#shared/contract/limits";
import {
  A2A_X402_CARD_EXTENSION,
  AGENTGATE_CARD_EXTENSION,
  type AgentCard,
  type AgentCardProcess,
  a2aInterfacesOf,
  a2aUrlOf,
} from "#shared/schemas/agent-card";
import type { AgentJsonSchemas } from "../authoring/agent-json-schemas.js";
import type { AgentConfig } from "../config/agent-config.js";

const JSON_MEDIA = ["application/json"];

/**
 * The agent's A2A agent card (docs/agent.md, "Agent card"): one skill, this deployment's process,
 * reached at the gateway's A2A URL for it (AGENT_GATEWAY_URL: agents take only their gateway's
 * signed calls, so the gateway is the endpoint). Without that var the card lists no interface and says
 * why. The price is what AGENT_TASK_PRICE advertises; the ledger's, read through the gateway, is
 * the one a run costs.
 */
export function agentCard(args: {
  config: AgentConfig;
  description: string;
  schemas: AgentJsonSchemas;
  version: string;
}): AgentCard {
  const { config, schemas } = args;
  const { id, name } = config.process;
  const { gatewayUrl, taskPrice } = config.card;
  const process: AgentCardProcess = {
    processId: id,
    gatewayUrl,
    ...schemas,
    pricing: taskPrice === null ? null : { taskPrice, currency: CURRENCY },
    pricingUrl: gatewayUrl === null ? null : `${gatewayUrl}/api/process/${encodeURIComponent(id)}`,
  };
  if (gatewayUrl === null) {
    process.problem = "AGENT_GATEWAY_URL is not set: this card names no endpoint to run it at";
  }
  const price =
    taskPrice === null ? "" : ` Price: ${taskPrice} octas of ${CURRENCY} per run, paid in escrow.`;
  return {
    name,
    description: args.description,
    version: args.version,
    supportedInterfaces: gatewayUrl === null ? [] : a2aInterfacesOf(a2aUrlOf(gatewayUrl, id)),
    capabilities: {
      streaming: gatewayUrl !== null,
      pushNotifications: false,
      extensions: [
        {
          uri: AGENTGATE_CARD_EXTENSION,
          description:
            "agentgate process: the process id, the JSON Schemas of the execute body's data and of its result, and the price",
          required: false,
          params: process,
        },
        // An advertised price: each task is paid through the escrow before it runs.
        ...(taskPrice === null ? [] : [A2A_X402_CARD_EXTENSION]),
      ],
    },
    defaultInputModes: JSON_MEDIA,
    defaultOutputModes: JSON_MEDIA,
    skills: [
      {
        id,
        name,
        description: `${args.description}${price}`,
        tags: ["agentgate"],
        inputModes: JSON_MEDIA,
        outputModes: JSON_MEDIA,
      },
    ],
  };
}
