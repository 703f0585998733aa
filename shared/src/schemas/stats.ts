import { z } from "zod";
import { longAddressSchema } from "./address.js";
import { amountStringSchema } from "./amount.js";
import { isoTimestampSchema } from "./common.js";
import { nextCursorSchema } from "./gateway.js";
import { processIdSchema } from "./ids.js";
import { processStatusSchema } from "./process.js";

/**
 * A process's figures from the ledger's payment events (docs/gateway.md, "Success rates and
 * earnings"): paid runs only, since a free run leaves no fact on the ledger.
 */
export const processStatsSchema = z
  .object({
    processId: processIdSchema,
    owner: longAddressSchema.nullable().meta({
      description: "null when the process is no longer registered",
    }),
    status: processStatusSchema.nullable(),
    runs: z.int().nonnegative().meta({ description: "Payments made to the process (PaymentMade)" }),
    delivered: z.int().nonnegative().meta({ description: "Outcomes reported delivered" }),
    failed: z.int().nonnegative().meta({ description: "Outcomes reported failed" }),
    successRate: z.number().min(0).max(1).nullable().meta({
      description: "delivered / (delivered + failed); null before any outcome",
    }),
    released: amountStringSchema.meta({
      description: "Octas paid to the receiver: releases and settles of delivered runs",
    }),
    refunded: amountStringSchema.meta({
      description: "Octas returned to payers: refunds, cancels and settles without delivery",
    }),
    inEscrow: amountStringSchema.meta({
      description: "Octas paid and not yet released or returned",
    }),
  })
  .meta({ id: "ProcessStats" });

export type ProcessStats = z.infer<typeof processStatsSchema>;

const ledgerVersionSchema = z.string().regex(/^\d+$/).meta({
  description: "The ledger version the figures include events up to",
});

export const statsListResponseSchema = z
  .object({
    success: z.literal(true),
    stats: z.array(processStatsSchema),
    count: z.int().nonnegative(),
    nextCursor: nextCursorSchema,
    ledgerVersion: ledgerVersionSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "StatsList", description: "GET /api/stats" });

export type StatsListResponse = z.infer<typeof statsListResponseSchema>;

export const statsResponseSchema = z
  .object({
    success: z.literal(true),
    stats: processStatsSchema,
    ledgerVersion: ledgerVersionSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "Stats", description: "GET /api/stats/:processId" });

export type StatsResponse = z.infer<typeof statsResponseSchema>;
