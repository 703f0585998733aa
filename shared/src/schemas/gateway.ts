import { z } from "zod";
import { ERROR_CODE_NAMES } from "../errors/codes.js";
import { addressSchema, longAddressSchema } from "./address.js";
import { jsonSchemaDocumentSchema, transactionIdSchema } from "./agent.js";
import { amountSchema, amountStringSchema } from "./amount.js";
import { isoTimestampSchema, jsonObjectSchema } from "./common.js";
import { paymentTaskIdSchema, processIdSchema, workflowIdSchema } from "./ids.js";
import { prioritySchema } from "./priority.js";
import { processSchema, processStatusSchema, tagSchema } from "./process.js";

// ---- requests ----

/**
 * The gateway's execute body (README.md, "HTTP APIs"); `taskId` names the payment that pays for
 * this run.
 */
export const executeBodySchema = z
  .object({
    userAddress: addressSchema,
    data: jsonObjectSchema.default({}),
    workflowId: workflowIdSchema.optional(),
    taskId: paymentTaskIdSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .meta({ id: "ExecuteBody", description: "Body of POST /api/execute/:processId" });

export type ExecuteBody = z.output<typeof executeBodySchema>;
export type ExecuteBodyInput = z.input<typeof executeBodySchema>;

// BCS bytes of a signed transaction; 64 KiB is the ledger's own transaction size limit.
const MAX_SIGNED_TRANSACTION_BYTES = 64 * 1024;

export const signedTransactionHexSchema = z
  .string()
  .regex(/^0x(?:[0-9a-fA-F]{2})+$/, { message: "must be 0x-prefixed hex of whole bytes" })
  .max(2 + 2 * MAX_SIGNED_TRANSACTION_BYTES);

/**
 * The gateway's payment body (docs/gateway.md, "Payment"). The gateway never holds a payer's key: a
 * payer either submits a `signedTransaction` it signed itself, or the gateway pays from its own
 * account (devnode).
 */
export const paymentBodySchema = z
  .object({
    processId: processIdSchema,
    amount: amountSchema,
    userAddress: addressSchema,
    taskId: paymentTaskIdSchema.optional(),
    signedTransaction: signedTransactionHexSchema.optional(),
  })
  .meta({ id: "PaymentBody", description: "Body of POST /api/payment" });

export type PaymentBody = z.output<typeof paymentBodySchema>;
export type PaymentBodyInput = z.input<typeof paymentBodySchema>;

export const verifyParamsSchema = z.object({
  processId: processIdSchema,
  userAddress: addressSchema,
});

export type VerifyParams = z.output<typeof verifyParamsSchema>;

export const processIdParamSchema = z.object({ processId: processIdSchema });

export type ProcessIdParam = z.output<typeof processIdParamSchema>;

export const LIST_LIMIT_MAX = 1000;

// Query values always arrive as strings; only canonical decimal integers are accepted.
const queryLimitSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/, { message: `must be an integer 1..${LIST_LIMIT_MAX}`, abort: true })
  .transform(Number)
  .pipe(z.int().min(1).max(LIST_LIMIT_MAX));

export const listQuerySchema = z.object({
  owner: addressSchema.optional(),
  tag: tagSchema.optional(),
  status: processStatusSchema.optional(),
  limit: queryLimitSchema.optional(),
  cursor: z.string().min(1).max(256).optional(),
});

export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export const logsParamsSchema = z.object({
  processId: processIdSchema,
  transactionId: transactionIdSchema,
});

export type LogsParams = z.output<typeof logsParamsSchema>;

// ---- responses ----

/** `status` is "ok", or "misconfigured" with `success: false` and `error` saying what to fix. */
export const healthResponseSchema = z
  .object({
    success: z.boolean(),
    status: z.string(),
    error: z.string().optional(),
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "GatewayHealth", description: "GET /health" });

export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const executeSuccessResponseSchema = z
  .object({
    success: z.literal(true),
    transactionId: transactionIdSchema,
    processId: processIdSchema,
    status: z.literal("completed"),
    result: jsonObjectSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "ExecuteSuccess", description: "POST /api/execute/:processId, 200" });

export type ExecuteSuccessResponse = z.infer<typeof executeSuccessResponseSchema>;

export const executeFailureResponseSchema = z
  .object({
    success: z.literal(false),
    transactionId: transactionIdSchema,
    processId: processIdSchema,
    status: z.literal("failed"),
    error: z.string(),
    /**
     * The gateway's additions to SPEC's body (docs/gateway.md, "Execute"): why the run failed or
     * could not happen (`agent_failed`, `agent_unavailable`, `validation_failed`, ...) and its
     * facts (`issues` of the data, the `reason` the agent could not run it).
     */
    code: z.enum(ERROR_CODE_NAMES).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
    timestamp: isoTimestampSchema,
  })
  .meta({
    id: "ExecuteFailure",
    description:
      "POST /api/execute/:processId, 400: the run failed, or the agent or the data stopped it before it ran (then under a transaction id nothing ran under)",
  });

export type ExecuteFailureResponse = z.infer<typeof executeFailureResponseSchema>;

export const paymentResponseSchema = z
  .object({
    success: z.literal(true),
    transactionHash: z.string().regex(/^0x[0-9a-f]{64}$/),
    processId: processIdSchema,
    taskId: paymentTaskIdSchema,
    amount: amountStringSchema,
    userAddress: longAddressSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "PaymentResponse", description: "POST /api/payment, 200: the payment is in escrow" });

export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

export const verifyResponseSchema = z
  .object({
    success: z.literal(true),
    verified: z.boolean(),
    processId: processIdSchema,
    userAddress: longAddressSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "VerifyResponse", description: "GET /api/payment/verify/:processId/:userAddress" });

export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const processResponseSchema = z
  .object({ success: z.literal(true), process: processSchema, timestamp: isoTimestampSchema })
  .meta({ id: "ProcessResponse", description: "GET /api/process/:processId" });

export type ProcessResponse = z.infer<typeof processResponseSchema>;

/** A list's cursor: the lists of processes (and their figures) page by process id. */
export const nextCursorSchema = z
  .string()
  .optional()
  .meta({ description: "Present when more processes follow; pass as `cursor`" });

export const processListResponseSchema = z
  .object({
    success: z.literal(true),
    processes: z.array(processSchema),
    count: z.int().nonnegative(),
    nextCursor: nextCursorSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "ProcessList", description: "GET /api/processes" });

export type ProcessListResponse = z.infer<typeof processListResponseSchema>;

export const outcomeReportsResponseSchema = z
  .object({
    success: z.literal(true),
    processId: processIdSchema,
    operator: longAddressSchema.nullable().meta({
      description: "The operator account that reports; null without OPERATOR_PRIVATE_KEY",
    }),
    reports: z.array(
      z.object({
        taskId: paymentTaskIdSchema,
        payer: longAddressSchema,
        state: z.enum(["reserved", "queued", "refused"]).meta({
          description:
            "reserved: the run is under way; queued: waiting to be sent; refused: the ledger refused it for good",
        }),
        delivered: z.boolean(),
        attempts: z.int().nonnegative(),
        nextAttemptAt: isoTimestampSchema.nullable(),
        lastError: z.string().nullable(),
      }),
    ),
    timestamp: isoTimestampSchema,
  })
  .meta({
    id: "OutcomeReports",
    description: "GET /api/reports/:processId: outcome reports not yet on the ledger",
  });

export type OutcomeReportsResponse = z.infer<typeof outcomeReportsResponseSchema>;

/** GET /api/process/:processId/schema (docs/gateway.md, "Process schemas"). */
export const processSchemaResponseSchema = z
  .object({
    success: z.literal(true),
    processId: processIdSchema,
    inputSchema: jsonSchemaDocumentSchema.meta({
      description: "JSON Schema of the execute body's `data`: execute refuses data that fails it",
    }),
    outputSchema: jsonSchemaDocumentSchema
      .optional()
      .meta({ description: "JSON Schema of a completed run's `result`, when the agent gives one" }),
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "ProcessSchema", description: "A process's input and output schemas" });

export type ProcessSchemaResponse = z.infer<typeof processSchemaResponseSchema>;
