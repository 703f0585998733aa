/**
 * One sender's transactions in line: a work starts once the one before it released the line
 * (its transaction was accepted by the node) or ended, so sequence numbers are taken in order
 * while commits are awaited outside the line (operator-account-object.ts).
 */
export class SubmitLine {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: (release: () => void) => Promise<T>): Promise<T> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const turn = this.tail.then(() => work(release));
    turn.then(release, release);
    this.tail = released;
    return turn;
  }
}
