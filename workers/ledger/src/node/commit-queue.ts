/**
 * Group commit. workerd commits a Durable Object's SQLite writes once per turn of its event
 * loop, and that commit (pages written to the write-ahead log) cost a single-transaction request
 * more CPU than everything else it did. Transactions that arrive while a turn is pending are run
 * one after another in the same later turn, so they share one commit. Each still runs alone in
 * its own SQL transaction, in arrival order, and its request is answered only after the shared
 * commit is durable (the Durable Object's output gate holds every response until then).
 */
export class CommitQueue {
  private pending: (() => void)[] = [];
  private scheduled = false;

  /** Runs `commit` in the next shared turn; resolves with its result or rejects with its error. */
  run<T>(commit: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push(() => {
        try {
          resolve(commit());
        } catch (error) {
          reject(error);
        }
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => this.flush(), 0);
      }
    });
  }

  private flush(): void {
    const jobs = this.pending;
    this.pending = [];
    this.scheduled = false;
    for (const job of jobs) job();
  }
}
