import { z } from "zod";
import { addressSchema } from "./address.js";
import { paymentTaskIdSchema, processIdSchema, workflowIdSchema } from "./ids.js";
import { prioritySchema } from "./priority.js";

export const TRANSACTION_ID_MAX_LENGTH = 128;

export const transactionIdSchema = z.string().min(1).max(TRANSACTION_ID_MAX_LENGTH);

/** SPEC AgentRequest: the agent service's execute body. */
export const agentRequestSchema = z
  .object({
    transactionId: transactionIdSchema,
    processId: processIdSchema,
    userAddress: addressSchema,
    data: z.record(z.string(), z.unknown()),
    workflowId: workflowIdSchema.optional(),
    taskId: paymentTaskIdSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .meta({ id: "AgentRequest", description: "Body of the agent service's POST /execute" });

export type AgentRequest = z.infer<typeof agentRequestSchema>;
export type AgentRequestInput = z.input<typeof agentRequestSchema>;
