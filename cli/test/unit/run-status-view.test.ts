import { describe, expect, it } from "vitest";
import type { RunStatusResponse } from "#shared/schemas/runs";
import { createOutput } from "../../src/output/output.js";
import { showRunStatus } from "../../src/runs/run-status-view.js";

function streams() {
  const out: string[] = [];
  const err: string[] = [];
  const fake = (sink: string[]) =>
    ({
      isTTY: false,
      write: (text: string) => sink.push(text) > 0,
    }) as unknown as NodeJS.WriteStream;
  return { out, err, stdout: fake(out), stderr: fake(err) };
}

const NOW = "2026-11-26T07:00:00.000Z";
const canceledPaid: RunStatusResponse = {
  success: true,
  transactionId: "tx-1",
  processId: "slow-report",
  status: "canceled",
  taskId: "job-1",
  progress: { progress: 0, total: 3, message: "queued \u001b[2J" },
  error: "Canceled before the agent started",
  code: "run_not_cancelable",
  outcome: { delivered: false, reported: true },
  createdAt: NOW,
  startedAt: null,
  endedAt: NOW,
  expiresAt: NOW,
  links: { run: "r", events: "e", cancel: "c" },
  timestamp: NOW,
};

describe("a run's state as cancel-run and result print it", () => {
  it("shows status, task, progress, error and outcome, and how a canceled paid run is refunded", () => {
    const { out, err, stdout, stderr } = streams();
    showRunStatus(createOutput({ json: false, stdout, stderr }), canceledPaid);
    expect(out.join("")).toBe(
      [
        "process      slow-report",
        "transaction  tx-1",
        "status       canceled",
        "task id      job-1",
        "progress     0/3 (0%) queued \\x1b[2J",
        "error        Canceled before the agent started",
        "outcome      failed (reported to the ledger: the payer can refund)",
        `kept until   ${NOW}`,
        "",
      ].join("\n"),
    );
    expect(err.join("")).toBe(
      "once the report is on the ledger: agentgate refund -i slow-report -t job-1\n",
    );
  });

  it("prints the gateway's RunStatus as it is with --json, and no note", () => {
    const { out, err, stdout, stderr } = streams();
    showRunStatus(createOutput({ json: true, stdout, stderr }), canceledPaid);
    expect(JSON.parse(out.join(""))).toEqual(canceledPaid);
    expect(err).toEqual([]);
  });
});
