import { z } from "zod";
import { abortableSleep, defineAgent } from "../../../src/index.js";

export const MAX_SECONDS = 600;
/** One step a second: what a slow agent (an LLM, a crawl) looks like to its caller. */
export const STEP_MS = 1_000;

/**
 * Slow on purpose (docs/agent.md, "Streaming"): works `seconds` steps of a second each, logging a
 * line, reporting progress and emitting a partial per step, then returns a small report. One run
 * at a time, so a second run waits in the queue: the example of every streamed event.
 */
export const slowReportAgent = defineAgent({
  id: "slow-report",
  name: "Slow report",
  description:
    "Writes a short report on a topic, slowly on purpose: one step a second, with progress and a partial result per step",
  // The longest run, with room for the steps' timers.
  timeoutMs: (MAX_SECONDS + 30) * 1_000,
  maxConcurrentRuns: 1,
  input: z.object({
    seconds: z.int().min(1).max(MAX_SECONDS),
    topic: z.string().min(1).max(200).default("the weather"),
  }),
  output: z.object({
    topic: z.string(),
    seconds: z.int(),
    summary: z.string(),
    findings: z.array(z.string()),
  }),
  handler: async ({ input, log, progress, partial, signal }) => {
    const { seconds, topic } = input;
    const findings: string[] = [];
    progress({ progress: 0, total: seconds, message: `researching ${topic}` });
    for (let step = 1; step <= seconds; step++) {
      await abortableSleep(STEP_MS, signal);
      const finding = `finding ${step} on ${topic}`;
      log(`step ${step}/${seconds}: ${finding}`);
      progress({ progress: step, total: seconds, message: `step ${step} of ${seconds}` });
      partial({ step, finding });
      // The report keeps the last few findings: a small answer, whatever the length.
      findings.push(finding);
      if (findings.length > 5) findings.shift();
    }
    return {
      topic,
      seconds,
      summary: `A report on ${topic} in ${seconds} step${seconds === 1 ? "" : "s"}`,
      findings,
    };
  },
});
