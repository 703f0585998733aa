import type { ArgsDef } from "citty";

/**
 * The process options (README.md, "register"), shared by register and update (for update, the new
 * values).
 */
export const processArgs = {
  config: {
    type: "string",
    alias: "c",
    valueHint: "path",
    description: "JSON file of process details; its values override the options",
  },
  name: { type: "string", description: "Process name" },
  description: { type: "string", description: "What the process does" },
  url: {
    type: "string",
    valueHint: "url",
    description: "Service URL of the agent (https://, http:// or service://BINDING)",
  },
  tags: { type: "string", valueHint: "a,b", description: "Comma-separated tags" },
  status: {
    type: "string",
    valueHint: "active|inactive|maintenance",
    description: "Process status (register default: active)",
  },
  agents: {
    type: "string",
    valueHint: "addresses",
    description: "Comma-separated agent addresses",
  },
  workflows: { type: "string", valueHint: "ids", description: "Comma-separated workflow ids" },
  "task-price": {
    type: "string",
    valueHint: "octas",
    description: "Price of one task in octas (1 APT = 100000000); makes the process priced",
  },
  currency: {
    type: "string",
    description: "Currency of the price (default APT, the only one accepted)",
  },
  "payment-address": {
    type: "string",
    valueHint: "address",
    description: "Where released payments go (default: the owner)",
  },
  "requires-prepayment": {
    type: "string",
    valueHint: "true|false",
    description: "Whether a run needs a payment in escrow first",
  },
} as const satisfies ArgsDef;

/** The values citty hands a command for these options. */
export interface ProcessArgValues {
  config?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  tags?: string | undefined;
  status?: string | undefined;
  agents?: string | undefined;
  workflows?: string | undefined;
  "task-price"?: string | undefined;
  currency?: string | undefined;
  "payment-address"?: string | undefined;
  "requires-prepayment"?: string | undefined;
}
