/** A one-line spinner on a TTY stream, for waits on the ledger; a no-op elsewhere. */
export interface Spinner {
  update(text: string): void;
  stop(): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export function startSpinner(args: {
  stream: NodeJS.WriteStream;
  text: string;
  enabled: boolean;
}): Spinner {
  if (!args.enabled) return { update() {}, stop() {} };
  const { stream } = args;
  let text = args.text;
  let frame = 0;
  const draw = () => {
    stream.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${text}`);
    frame++;
  };
  draw();
  const timer = setInterval(draw, 80);
  // The spinner must never keep the process alive on its own.
  timer.unref();
  return {
    update(next) {
      text = next;
    },
    stop() {
      clearInterval(timer);
      stream.write("\r\x1b[2K");
    },
  };
}
