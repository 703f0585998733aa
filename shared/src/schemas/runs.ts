import { z } from "zod";
import { ERROR_CODE_NAMES } from "../errors/codes.js";
import { transactionIdSchema } from "./agent.js";
import { isoTimestampSchema, jsonObjectSchema } from "./common.js";
import { paymentTaskIdSchema, processIdSchema } from "./ids.js";

/**
 * A run's state (docs/gateway.md, "Runs"): one-to-one with A2A's task states and MCP's task
 * statuses (A2A TASK_STATE_SUBMITTED/WORKING/COMPLETED/FAILED/CANCELED; MCP working (submitted and
 * working), completed, failed, cancelled). `submitted`: admitted (paid runs: claimed), the agent
 * has not started; `working`: the agent started; the last three are final.
 */
export const RUN_STATES = ["submitted", "working", "completed", "failed", "canceled"] as const;
export const runStateSchema = z.enum(RUN_STATES);
export type RunState = z.infer<typeof runStateSchema>;
export const FINAL_RUN_STATES: ReadonlySet<RunState> = new Set(["completed", "failed", "canceled"]);

/** How a run access token starts; clients send it as `Authorization: Bearer <token>`. */
export const RUN_TOKEN_PREFIX = "agr_";

/** How far a run has come, as its agent last said (never lower than before). */
export const runProgressSchema = z
  .object({
    progress: z.number().finite().nonnegative(),
    total: z.number().finite().positive().optional(),
    message: z.string().max(512).optional(),
  })
  .meta({ id: "RunProgress" });
export type RunProgress = z.infer<typeof runProgressSchema>;

/** Where a run is read, watched and canceled (absolute URLs on the gateway's public origin). */
export const runLinksSchema = z.object({
  run: z.string(),
  events: z.string(),
  cancel: z.string(),
});
export type RunLinks = z.infer<typeof runLinksSchema>;

/** What every answer about one run starts with: whose run it is and where it stands. */
const runShape = {
  success: z.literal(true),
  transactionId: transactionIdSchema,
  processId: processIdSchema,
  status: runStateSchema,
  taskId: paymentTaskIdSchema.nullable(),
};

/**
 * POST /api/execute/:processId with `Prefer: respond-async`, 202: the run is admitted (a paid one's
 * payment claimed) and goes on without the client. `accessToken` is shown once: it reads and
 * cancels this run only (docs/gateway.md, "Runs").
 */
export const runAcceptedResponseSchema = z
  .object({
    ...runShape,
    accessToken: z.string(),
    links: runLinksSchema,
    expiresAt: isoTimestampSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({
    id: "RunAccepted",
    description: "POST /api/execute/:processId, 202 (Prefer: respond-async)",
  });
export type RunAcceptedResponse = z.infer<typeof runAcceptedResponseSchema>;

/** The ledger outcome of a paid run: what the gateway reported, and whether it is on the ledger. */
export const runOutcomeSchema = z.object({
  delivered: z.boolean(),
  /** The report is queued; it is on the ledger once /api/verify shows it. */
  reported: z.literal(true),
});

/** GET /api/runs/:transactionId, 200. */
export const runStatusResponseSchema = z
  .object({
    ...runShape,
    progress: runProgressSchema.nullable(),
    /** Present once completed. */
    result: jsonObjectSchema.optional(),
    /** Present once failed or canceled. */
    error: z.string().optional(),
    code: z.enum(ERROR_CODE_NAMES).optional(),
    /** Paid runs, once final: the outcome the gateway reports on the ledger. */
    outcome: runOutcomeSchema.nullable(),
    createdAt: isoTimestampSchema,
    startedAt: isoTimestampSchema.nullable(),
    endedAt: isoTimestampSchema.nullable(),
    /** When the run's record, result and events are deleted. */
    expiresAt: isoTimestampSchema,
    links: runLinksSchema,
    timestamp: isoTimestampSchema,
  })
  .meta({ id: "RunStatus", description: "GET /api/runs/:transactionId" });
export type RunStatusResponse = z.infer<typeof runStatusResponseSchema>;

/**
 * One Server-Sent Event of GET /api/runs/:transactionId/events: `id` is its sequence number (from
 * 1), `event` the type, `data` the JSON below. `result` is the last event: its data is the run's
 * final RunStatus; the stream closes after it.
 */
export const runEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("status"), status: runStateSchema }),
  z.object({ type: z.literal("log"), line: z.string() }),
  z.object({ type: z.literal("progress"), progress: runProgressSchema }),
  z.object({ type: z.literal("partial"), data: jsonObjectSchema }),
  z.object({ type: z.literal("result"), run: runStatusResponseSchema }),
]);
export type RunEvent = z.infer<typeof runEventSchema>;
export type RunEventType = RunEvent["type"];
