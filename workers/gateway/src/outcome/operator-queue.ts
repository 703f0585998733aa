import { fail, type OperatorJob } from "./operator-job.js";

/**
 * The operator account's line (operator-account-object.ts): one batch at a time, made of every
 * job that waited, at most `max` (docs/gateway.md, "Operator throughput"). A batch's send resolves
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
        const jobs = this.waiting.splice(0, this.max);
        // A send answers its jobs itself; one that threw leaves them unknown, never waiting.
        await this.send(jobs).catch((error: unknown) => {
          for (const job of jobs) fail(job, error);
        });
      }
    } finally {
      this.sending = false;
    }
  }
}
