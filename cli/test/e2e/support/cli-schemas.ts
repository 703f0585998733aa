/** Schemas of the CLI's --json output (README.md, "CLI reference"), built on the shared resource schemas. */
import { z } from "zod";
import { longAddressSchema } from "#shared/schemas/address";
import { amountStringSchema } from "#shared/schemas/amount";
import { paymentTaskIdSchema, processIdSchema } from "#shared/schemas/ids";
import { processSchema } from "#shared/schemas/process";

export const txHashSchema = z.string().regex(/^0x[0-9a-f]{64}$/);

const transaction = { transactionHash: txHashSchema, explorerUrl: z.string().url().optional() };

export const accountNewJson = z.strictObject({
  success: z.literal(true),
  address: longAddressSchema,
  publicKey: z.string().regex(/^0x[0-9a-f]{64}$/),
  keyFile: z.string().optional(),
});

export const balanceJson = z.strictObject({
  success: z.literal(true),
  address: longAddressSchema,
  balance: amountStringSchema,
});

export const fundJson = z.strictObject({
  success: z.literal(true),
  address: longAddressSchema,
  amount: amountStringSchema,
  balance: amountStringSchema,
  ...transaction,
});

export const registerJson = z.strictObject({
  success: z.literal(true),
  processId: processIdSchema,
  owner: longAddressSchema,
  ...transaction,
});

export const processChangeJson = z.strictObject({
  success: z.literal(true),
  processId: processIdSchema,
  ...transaction,
});

export const getProcessJson = z.strictObject({
  success: z.literal(true),
  process: processSchema,
  serviceUrl: z.string(),
  paymentAddress: longAddressSchema,
});

export const listJson = z.strictObject({
  success: z.literal(true),
  processes: z.array(processSchema),
  count: z.int().nonnegative(),
});

export const payJson = z.strictObject({
  success: z.literal(true),
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
  amount: amountStringSchema,
  payer: longAddressSchema,
  ...transaction,
});

export const verifyJson = z.strictObject({
  success: z.literal(true),
  verified: z.boolean(),
  processId: processIdSchema,
  userAddress: longAddressSchema,
});

export const paymentStatusNames = z.enum(["ESCROW", "COMPLETED", "REFUNDED", "CANCELED"]);

export const paymentJson = z.strictObject({
  success: z.literal(true),
  payment: z.strictObject({
    processId: processIdSchema,
    taskId: paymentTaskIdSchema,
    payer: longAddressSchema,
    receiver: longAddressSchema,
    provider: longAddressSchema,
    amount: amountStringSchema,
    currency: z.literal("APT"),
    status: z.int().min(0).max(3),
    statusName: paymentStatusNames,
    outcome: z.int().min(0).max(2),
    outcomeName: z.enum(["NONE", "DELIVERED", "FAILED"]),
    createdAt: z.int(),
    updatedAt: z.int(),
    settleTime: z.int(),
  }),
});

export const paymentChangeJson = z.strictObject({
  success: z.literal(true),
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
  payer: longAddressSchema.optional(),
  status: paymentStatusNames,
  ...transaction,
});

export const reportJson = z.strictObject({
  success: z.literal(true),
  processId: processIdSchema,
  taskId: paymentTaskIdSchema,
  payer: longAddressSchema,
  outcome: z.enum(["DELIVERED", "FAILED"]),
  resultHash: z.string().regex(/^0x(?:[0-9a-f]{2})*$/),
  ...transaction,
});

export const workflowChangeJson = z.strictObject({
  success: z.literal(true),
  workflowId: z.string(),
  ...transaction,
});

export const addTaskJson = z.strictObject({
  success: z.literal(true),
  workflowId: z.string(),
  taskId: z.string(),
  assignee: longAddressSchema,
  requester: longAddressSchema,
  processId: z.string(),
  dependencies: z.array(z.string()),
  ...transaction,
});

const taskStatusNames = z.enum([
  "pending",
  "in_progress",
  "completed",
  "approved",
  "failed",
  "canceled",
]);

export const taskStatusJson = z.strictObject({
  success: z.literal(true),
  workflowId: z.string(),
  taskId: z.string(),
  status: taskStatusNames,
  ...transaction,
});

export const approveJson = z.strictObject({
  success: z.literal(true),
  workflowId: z.string(),
  taskId: z.string(),
  paymentReleased: z.boolean(),
  ...transaction,
});

export const workflowJson = z.strictObject({
  success: z.literal(true),
  workflow: z.strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    owner: longAddressSchema,
    status: z.enum(["active", "completed", "canceled"]),
    taskCount: z.int(),
    createdAt: z.int(),
    updatedAt: z.int(),
    tasks: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        assignee: longAddressSchema,
        requester: longAddressSchema,
        processId: z.string(),
        dependencies: z.array(z.string()),
        status: taskStatusNames,
        createdAt: z.int(),
        updatedAt: z.int(),
      }),
    ),
  }),
});

export const errorJson = z.strictObject({
  success: z.literal(false),
  error: z.string(),
  kind: z.enum(["unexpected", "usage", "not_found", "unreachable", "refused", "not_final"]),
});
