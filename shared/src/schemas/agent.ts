import { z } from "zod";
import { addressSchema } from "./address.js";
import { isoTimestampSchema, jsonObjectSchema } from "./common.js";
import { paymentTaskIdSchema, processIdSchema, workflowIdSchema } from "./ids.js";
import { prioritySchema } from "./priority.js";

export const TRANSACTION_ID_MAX_LENGTH = 128;

/**
 * Any format (the gateway sends a UUIDv7); the bound keeps it usable as a payment task id's length.
 */
export const transactionIdSchema = z.string().min(1).max(TRANSACTION_ID_MAX_LENGTH);

/** The AgentRequest: the agent service's execute body (docs/gateway.md, "Agent calls"). */
export const agentRequestSchema = z
  .object({
    transactionId: transactionIdSchema,
    processId: processIdSchema,
    userAddress: addressSchema,
    data: jsonObjectSchema,
    workflowId: workflowIdSchema.optional(),
    taskId: paymentTaskIdSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .meta({ id: "AgentRequest", description: "Body of the agent service's POST /execute" });

export type AgentRequest = z.output<typeof agentRequestSchema>;
export type AgentRequestInput = z.input<typeof agentRequestSchema>;

export const processSummarySchema = z.object({ id: processIdSchema, name: z.string() });

const byteCountSchema = z.int().nonnegative();

export const agentHealthResponseSchema = z
  .object({
    success: z.literal(true),
    status: z.string(),
    process: processSummarySchema,
    uptime: z.number().nonnegative().meta({ description: "Seconds since the agent started" }),
    memory: z.object({
      rss: byteCountSchema,
      heapTotal: byteCountSchema,
      heapUsed: byteCountSchema,
      external: byteCountSchema,
    }),
    timestamp: isoTimestampSchema,
    /**
     * Beyond the common health fields (docs/agent.md, "Answers"): whom the agent serves, and why it
     * serves nothing when it does not.
     */
    gatewayAuth: z
      .object({
        mode: z.enum(["signed", "unsigned_loopback", "not_configured"]),
        keys: z.int().nonnegative(),
        problem: z.string().optional(),
      })
      .optional()
      .meta({ description: "How the agent authenticates its gateway (docs/agent.md)" }),
  })
  .meta({ id: "AgentHealth", description: "Agent service GET /health" });

export type AgentHealthResponse = z.infer<typeof agentHealthResponseSchema>;

/** A JSON Schema document (draft 2020-12), as an agent publishes its input and output. */
export const jsonSchemaDocumentSchema = jsonObjectSchema.meta({
  description: "A JSON Schema (draft 2020-12)",
});

export const agentInfoResponseSchema = z
  .object({
    success: z.literal(true),
    process: processSummarySchema,
    workflows: z.array(z.string()),
    uptime: z.number().nonnegative(),
    timestamp: isoTimestampSchema,
    /**
     * Beyond the common info fields (docs/agent.md, "Input and output schemas"): what `data` the
     * agent takes and what `result` it returns. Optional: an agent of another runtime may not say.
     */
    inputSchema: jsonSchemaDocumentSchema
      .optional()
      .meta({ description: "JSON Schema of the execute body's `data` (what a caller may send)" }),
    outputSchema: jsonSchemaDocumentSchema
      .optional()
      .meta({ description: "JSON Schema of a completed run's `result`, when the agent gives one" }),
  })
  .meta({ id: "AgentInfo", description: "Agent service GET /info" });

export type AgentInfoResponse = z.infer<typeof agentInfoResponseSchema>;

const executionTimeSchema = z.number().nonnegative().meta({ description: "Milliseconds" });

export const agentExecuteSuccessSchema = z
  .object({
    success: z.literal(true),
    result: jsonObjectSchema,
    executionTime: executionTimeSchema,
    logs: z.array(z.string()),
  })
  .meta({ id: "AgentExecuteSuccess", description: "Agent service POST /execute, 200" });

export type AgentExecuteSuccess = z.infer<typeof agentExecuteSuccessSchema>;

export const agentExecuteFailureSchema = z
  .object({
    success: z.literal(false),
    error: z.string(),
    executionTime: executionTimeSchema,
    logs: z.array(z.string()),
  })
  .meta({ id: "AgentExecuteFailure", description: "Agent service POST /execute, 400" });

export type AgentExecuteFailure = z.infer<typeof agentExecuteFailureSchema>;

/** Either answer of /execute, told apart by `success`. */
export const agentExecuteResponseSchema = z.discriminatedUnion("success", [
  agentExecuteSuccessSchema,
  agentExecuteFailureSchema,
]);

export type AgentExecuteResponse = z.infer<typeof agentExecuteResponseSchema>;

export const agentLogsParamsSchema = z.object({ transactionId: transactionIdSchema });

export const agentLogsResponseSchema = z
  .object({
    success: z.literal(true),
    transactionId: transactionIdSchema,
    logs: z.array(z.string()),
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "AgentLogs", description: "Agent service GET /logs/:transactionId" });

export type AgentLogsResponse = z.infer<typeof agentLogsResponseSchema>;
