import { z } from "zod";
import { abortableSleep, defineAgent } from "../../../src/index.js";

const MAX_DELAY_MS = 60_000;

/**
 * Returns what it was sent. Its optional inputs make the runtime's paths reachable from tests and
 * the bench: lines to log, progress values to report, partials to emit (`count` of about `bytes`
 * each), a delay (which honours the time limit) and an error to throw.
 * `runId` is new on every run, so a replayed result can be told from a second run.
 */
export const echoAgent = defineAgent({
  id: "echo",
  name: "Echo",
  workflows: ["echo"],
  description:
    "Returns the data it was sent (optionally logging lines, waiting, or failing on request)",
  input: z.looseObject({
    log: z.array(z.string()).max(1_000).optional(),
    delayMs: z.int().min(0).max(MAX_DELAY_MS).optional(),
    fail: z.string().min(1).optional(),
    progress: z.array(z.number()).max(1_000).optional(),
    partials: z
      .object({ count: z.int().min(0).max(1_000), bytes: z.int().min(0).max(70_000) })
      .optional(),
  }),
  output: z.object({
    echo: z.record(z.string(), z.unknown()),
    transactionId: z.string(),
    workflowId: z.string().nullable(),
    runId: z.string(),
  }),
  handler: async ({ input, request, log, signal, progress, partial }) => {
    for (const line of input.log ?? []) log(line);
    for (const value of input.progress ?? []) progress({ progress: value, total: 100 });
    const { count = 0, bytes = 0 } = input.partials ?? {};
    for (let i = 0; i < count; i++) partial({ i, fill: "x".repeat(bytes) });
    if (input.delayMs !== undefined) await abortableSleep(input.delayMs, signal);
    if (input.fail !== undefined) throw new Error(input.fail);
    return {
      echo: request.data,
      transactionId: request.transactionId,
      workflowId: request.workflowId ?? null,
      runId: crypto.randomUUID(),
    };
  },
});
