import type { ArgsDef } from "citty";

/** A payment's process and task: the key of a payment together with its payer. */
export const paymentTaskArgs = {
  id: { type: "string", alias: "i", required: true, valueHint: "id", description: "Process id" },
  task: {
    type: "string",
    alias: "t",
    required: true,
    valueHint: "id",
    description: "Task id of the payment",
  },
} as const satisfies ArgsDef;

export const payerArg = {
  payer: {
    type: "string",
    alias: "u",
    valueHint: "address",
    description: "The payer's address (default: the signer's)",
  },
} as const satisfies ArgsDef;
