/**
 * In-memory wake-ups of a run object's waiters (awaitEnd, open event streams) when its storage
 * changed. Lost on a restart, like the connections of those waiters.
 */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves true at the next change, false after `ms` without one. */
  wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (changed: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(onChange);
        resolve(changed);
      };
      const onChange = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.listeners.add(onChange);
    });
  }
}
