import { describe, expect, it } from "vitest";
import { agentExecuteFailureSchema, agentExecuteSuccessSchema } from "#shared/schemas/agent";
import { slowReportAgent } from "../../examples/slow-report/src/slow-report-agent.js";
import { createAgentWorker } from "../../src/index.js";
import { agentRequest, fetchWorker, signedExecuteRequest } from "../helpers.js";
import { answerOf, openAgent, readStream, streamRequest, types } from "../stream-helpers.js";

const worker = createAgentWorker(slowReportAgent);
const processId = "slow-report-test";
// The test config's short time limit is the echo agent's; this one takes its definition's queue.
const vars = { AGENT_PROCESS_ID: processId, AGENT_TIMEOUT_MS: "20000" };

async function streamed(data: Record<string, unknown>) {
  const { response, done } = await openAgent(
    worker,
    await streamRequest(agentRequest({ processId, data })),
    vars,
  );
  const read = await readStream(response);
  await done;
  return read;
}

describe("slow-report example agent", () => {
  it("logs, reports progress and emits a partial every second, then a small report", async () => {
    const read = await streamed({ seconds: 2, topic: "tides" });
    expect(types(read)).toEqual([
      "started",
      "progress",
      ...["log", "progress", "partial"],
      ...["log", "progress", "partial"],
      "answer",
    ]);
    const progress = read.events.flatMap(({ event }) =>
      event.type === "progress" ? [event.progress] : [],
    );
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(read.events[4]?.event).toEqual({
      type: "partial",
      data: { step: 1, finding: "finding 1 on tides" },
    });
    const answer = agentExecuteSuccessSchema.parse(answerOf(read));
    expect(answer.result).toEqual({
      topic: "tides",
      seconds: 2,
      summary: "A report on tides in 2 steps",
      findings: ["finding 1 on tides", "finding 2 on tides"],
    });
    expect(answer.logs).toHaveLength(2);
  });

  it("runs one report at a time: a second one queues", async () => {
    const runs = await Promise.all([streamed({ seconds: 1 }), streamed({ seconds: 1 })]);
    // Whichever reached the agent second waited for the other.
    const waited = runs.find((run) => types(run)[0] === "queued");
    const ranAtOnce = runs.find((run) => types(run)[0] === "started");
    if (waited === undefined || ranAtOnce === undefined) {
      throw new Error(
        `one run should queue: ${runs.map((run) => types(run).join(",")).join(" | ")}`,
      );
    }
    expect(types(waited).slice(0, 2)).toEqual(["queued", "started"]);
    expect(answerOf(waited)).toMatchObject({ success: true, result: { topic: "the weather" } });
  });

  it("refuses seconds outside 1..600 before any step", async () => {
    for (const seconds of [0, 601, 1.5]) {
      const request = agentRequest({ processId, data: { seconds } });
      const response = await fetchWorker(worker, await signedExecuteRequest(request), vars);
      expect(response.status).toBe(400);
      const body = agentExecuteFailureSchema.parse(await response.json());
      expect(body.error).toContain("data.seconds");
    }
  });
});
