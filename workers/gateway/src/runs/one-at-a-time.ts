/**
 * A task of a run object that must not run twice at once (its step, its settle): a call while it
 * runs joins the running one instead of starting another.
 */
export class OneAtATime {
  private running: Promise<void> | null = null;

  get busy(): boolean {
    return this.running !== null;
  }

  run(task: () => Promise<void>): Promise<void> {
    this.running ??= task().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
