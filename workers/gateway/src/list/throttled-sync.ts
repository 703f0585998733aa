import type { SyncProgress } from "./bounded-pages.js";

/**
 * A sync run on demand at most once an interval: a request after the interval asks the ledger
 * what changed, concurrent requests share one run, and a failed run is retried by the next, as
 * is a run that stopped behind the ledger at its page bound (bounded-pages.ts).
 */
export class ThrottledSync {
  private lastAt = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: () => Promise<SyncProgress>,
    private readonly intervalMs: number,
  ) {}

  ifStale(): Promise<void> {
    if (Date.now() - this.lastAt < this.intervalMs) return Promise.resolve();
    this.running ??= this.run()
      .then((progress) => {
        if (progress === "caught_up") this.lastAt = Date.now();
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
