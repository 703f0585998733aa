import { describe, expect, it } from "vitest";
import { OperatorQueue } from "../../src/outcome/operator-queue.js";
import type { OutcomeReport, RunClaimResult, SendResult } from "../../src/outcome/outcome-types.js";

const report = (taskId: string): OutcomeReport => ({
  processId: "p",
  taskId,
  payer: `0x${"1".repeat(64)}`,
  delivered: true,
  resultHash: "",
});

/** A line whose sends are recorded and held until released, as a slow node would. */
function recordedLine(max: number) {
  const sent: string[][] = [];
  let release: () => void = () => undefined;
  const queue = new OperatorQueue(async (jobs) => {
    sent.push(
      jobs.map((job) =>
        job.kind === "claim" ? `claim ${job.key.taskId}` : `report ${job.report.taskId}`,
      ),
    );
    await new Promise<void>((done) => {
      release = done;
    });
    for (const job of jobs) {
      if (job.kind === "claim") job.done({ kind: "claimed", hash: "0x1" });
      else job.done({ kind: "committed", hash: "0x1" });
    }
  }, max);
  const answers: Promise<RunClaimResult | SendResult>[] = [];
  const claim = (taskId: string) =>
    answers.push(
      new Promise<RunClaimResult>((done) =>
        queue.add({
          kind: "claim",
          key: { processId: "p", taskId, payer: "0x1" },
          attempt: 1,
          done,
        }),
      ),
    );
  const send = (taskId: string) =>
    answers.push(
      new Promise<SendResult>((done) =>
        queue.add({ kind: "report", report: report(taskId), attempt: 1, done }),
      ),
    );
  return { sent, claim, send, answers, releaseNext: () => release() };
}

describe("the operator account's line", () => {
  it("puts the claims that waited before the reports that waited, so reports never hold back a paid run", async () => {
    const line = recordedLine(3);
    line.send("r0");
    for (const id of ["r1", "r2", "r3"]) line.send(id);
    line.claim("c1");
    line.claim("c2");
    for (let i = 0; i < 3; i++) {
      line.releaseNext();
      await new Promise((done) => setTimeout(done, 0));
    }
    await Promise.all(line.answers);
    expect(line.sent).toEqual([
      ["report r0"],
      ["claim c1", "claim c2", "report r1"],
      ["report r2", "report r3"],
    ]);
  });

  it("answers every job of a send that broke: claims unknown, reports to retry, none refused", async () => {
    const queue = new OperatorQueue(async () => {
      throw new Error("the object reset");
    }, 8);
    const claim = new Promise<RunClaimResult>((done) =>
      queue.add({
        kind: "claim",
        key: { processId: "p", taskId: "c", payer: "0x1" },
        attempt: 1,
        done,
      }),
    );
    const sent = new Promise<SendResult>((done) =>
      queue.add({ kind: "report", report: report("r"), attempt: 1, done }),
    );
    expect((await claim).kind).toBe("unknown");
    expect((await sent).kind).toBe("retry");
  });
});
