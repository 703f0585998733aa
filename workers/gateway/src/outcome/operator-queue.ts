import { fail, type OperatorJob } from "./operator-job.js";

/**
 * The operator account's line (operator-account-object.ts): one batch at a time, made of every
 * job that waited, claims first, at most `max` (docs/gateway.md, "Operator throughput"). A batch's send resolves
 * once the node took it, so sequence numbers are taken in order while commits are awaited
 * outside the line.
 */
export class OperatorQueue {
  private waiting: OperatorJob[] = [];
  private sending = false;

  constructor(
    private readonly send: (jobs: OperatorJob[]) => Promise<void>,
    private readonly max: number,
  ) {}

  add(job: OperatorJob): void {
    this.waiting.push(job);
    if (!this.sending) void this.pump();
  }

  private async pump(): Promise<void> {
    this.sending = true;
    try {
      while (this.waiting.length > 0) {
        // Claims first: a paid run waits for its claim, a report only delays an outcome, so a
        // backlog of reports (the ledger was down) never pushes a claim past its budget.
        const ordered = [
          ...this.waiting.filter((job) => job.kind === "claim"),
          ...this.waiting.filter((job) => job.kind === "report"),
        ];
        const jobs = ordered.slice(0, this.max);
        this.waiting = ordered.slice(this.max);
        // A send answers its jobs itself; one that threw leaves them unknown (claims) or to
        // retry (reports), never refused for good and never waiting.
        await this.send(jobs).catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          for (const job of jobs) fail(job, new Error(`the operator's line failed: ${message}`));
        });
      }
    } finally {
      this.sending = false;
    }
  }
}
