import { z } from "zod";
import { ASSIGNED_ID_PREFIX, CURRENCY, LIMITS, SERVICE_URL_SCHEMES } from "../contract/limits.js";
import { addressSchema } from "./address.js";
import { amountSchema } from "./amount.js";
import { byteBoundedString, processIdSchema, workflowIdSchema } from "./ids.js";
import { descriptionSchema, processNameSchema, processStatusSchema, tagSchema } from "./process.js";

export const serviceUrlSchema = byteBoundedString({
  minBytes: 1,
  maxBytes: LIMITS.MAX_SERVICE_URL_BYTES,
}).refine((url) => SERVICE_URL_SCHEMES.some((scheme) => url.startsWith(scheme)), {
  message: `must start with ${SERVICE_URL_SCHEMES.join(", ")}`,
});

/** Pricing as a registrant gives it: the price becomes a bigint, APT is the only currency. */
export const pricingInputSchema = z.object({
  taskPrice: amountSchema,
  currency: z.literal(CURRENCY).default(CURRENCY),
  requiresPrepayment: z.boolean().default(false),
});

/**
 * Every field register and update write (update replaces all of them, so clients read, merge
 * and write back). Unlike the Process response, this carries the service URL and payment address.
 */
export const processFieldsSchema = z.object({
  name: processNameSchema,
  description: descriptionSchema.default(""),
  serviceUrl: serviceUrlSchema,
  paymentAddress: addressSchema.optional(),
  agents: z.array(addressSchema).max(LIMITS.MAX_AGENTS).default([]),
  workflows: z.array(workflowIdSchema).max(LIMITS.MAX_WORKFLOWS).default([]),
  tags: z.array(tagSchema).max(LIMITS.MAX_TAGS).default([]),
  status: processStatusSchema.default("active"),
  pricing: pricingInputSchema.optional(),
});

export type ProcessFields = z.output<typeof processFieldsSchema>;
export type ProcessFieldsInput = z.input<typeof processFieldsSchema>;

/** A caller-chosen id; left out, the registry assigns `proc-<n>`, a prefix callers may not use. */
export const chosenProcessIdSchema = processIdSchema.refine(
  (id) => !id.startsWith(ASSIGNED_ID_PREFIX),
  { message: `must not start with "${ASSIGNED_ID_PREFIX}" (reserved for assigned ids)` },
);

export const processRegistrationSchema = processFieldsSchema.extend({
  id: chosenProcessIdSchema.optional(),
});

export type ProcessRegistration = z.output<typeof processRegistrationSchema>;
export type ProcessRegistrationInput = z.input<typeof processRegistrationSchema>;
