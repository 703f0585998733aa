import { DurableObject } from "cloudflare:workers";

/** One /execute that reached the counting agent's handler. */
export type CountedRun = {
  transactionId: string;
  processId: string;
  /** The payment the gateway claimed for the run ("" for a run without one). */
  taskId: string;
  failed: boolean;
};

/**
 * The counting agent's memory: every run it started, by payment and by transactionId. One
 * object for the whole test pool, so concurrent /execute calls are counted one at a time
 * (a Durable Object runs one storage step at a time; nothing awaits between read and write).
 */
export class RunCounterObject extends DurableObject {
  async record(run: CountedRun): Promise<void> {
    const key = `payment\n${run.processId}\n${run.taskId}`;
    const runs = (await this.ctx.storage.get<string[]>(key)) ?? [];
    runs.push(run.transactionId);
    await this.ctx.storage.put({ [key]: runs, [`tx\n${run.transactionId}`]: run });
  }

  /** The transactionIds of every run on one payment, in arrival order (duplicates kept). */
  async runsOf(args: { processId: string; taskId: string }): Promise<string[]> {
    return (
      (await this.ctx.storage.get<string[]>(`payment\n${args.processId}\n${args.taskId}`)) ?? []
    );
  }

  async transaction(transactionId: string): Promise<CountedRun | null> {
    return (await this.ctx.storage.get<CountedRun>(`tx\n${transactionId}`)) ?? null;
  }
}
