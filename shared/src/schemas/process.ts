import { z } from "zod";
import { CURRENCY, LIMITS } from "../contract/limits.js";
import { PROCESS_STATUS } from "../contract/status.js";
import { longAddressSchema } from "./address.js";
import { amountStringSchema } from "./amount.js";
import { byteBoundedString, processIdSchema, workflowIdSchema } from "./ids.js";

/** CLI and API values; the ledger stores them as u8 (PROCESS_STATUS). */
export const processStatusSchema = z
  .enum(["active", "inactive", "maintenance"])
  .meta({ id: "ProcessStatus", description: "Process status" });

export type ProcessStatus = z.infer<typeof processStatusSchema>;

export function processStatusCode(status: ProcessStatus): number {
  return PROCESS_STATUS[status];
}

/** Undefined for a code the ledger does not define. */
export function processStatusFromCode(code: number): ProcessStatus | undefined {
  return processStatusSchema.options.find((name) => PROCESS_STATUS[name] === code);
}

export const processNameSchema = byteBoundedString({
  minBytes: 1,
  maxBytes: LIMITS.MAX_NAME_BYTES,
});
export const descriptionSchema = byteBoundedString({
  minBytes: 0,
  maxBytes: LIMITS.MAX_DESCRIPTION_BYTES,
});
export const tagSchema = byteBoundedString({ minBytes: 1, maxBytes: LIMITS.MAX_TAG_BYTES });

export const pricingSchema = z
  .strictObject({
    taskPrice: amountStringSchema,
    currency: z.string().min(1).meta({ example: CURRENCY }),
    requiresPrepayment: z.boolean(),
  })
  .meta({ id: "Pricing", description: "Price of one task, in octas" });

export type Pricing = z.infer<typeof pricingSchema>;

/**
 * The Process as the gateway answers it (README.md, "HTTP APIs"), exactly: `pricing` is absent when
 * the process has none, and the service URL and payment address are deliberately not part of it.
 */
export const processSchema = z
  .strictObject({
    id: processIdSchema,
    name: processNameSchema,
    description: descriptionSchema,
    owner: longAddressSchema,
    agents: z.array(longAddressSchema).max(LIMITS.MAX_AGENTS),
    workflows: z.array(workflowIdSchema).max(LIMITS.MAX_WORKFLOWS),
    tags: z.array(tagSchema).max(LIMITS.MAX_TAGS),
    status: processStatusSchema,
    pricing: pricingSchema.optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Process", description: "A registered agent process" });

export type Process = z.infer<typeof processSchema>;
