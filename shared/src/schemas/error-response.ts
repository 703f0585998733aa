import { z } from "zod";
import { ERROR_CODE_NAMES } from "../errors/codes.js";
import { isoTimestampSchema } from "./common.js";

/**
 * The error body of every HTTP surface (built by errors/bodies.ts): `success` and `error`,
 * `processId` on execute's 404 and 400s, a timestamp on every error and the machine-readable
 * `code` (docs/gateway.md, "The gateway").
 */
export const errorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: "Human-readable message naming the failing field" }),
    code: z.enum(ERROR_CODE_NAMES),
    processId: z.string().optional(),
    transactionId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "ErrorResponse", description: "Any error answer" });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
