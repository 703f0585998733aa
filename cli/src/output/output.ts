import { escapeControls, toJson } from "./format.js";
import { type Spinner, startSpinner } from "./spinner.js";

/**
 * Where a command writes: its result goes to stdout (JSON with `--json`, text otherwise);
 * progress and notes go to stderr, so `--json` output can be piped as it is. Human text passes
 * through escapeControls here, the one place every command prints through, since names, logs and
 * results come from the ledger or an agent and may carry terminal escapes.
 */
export interface Output {
  readonly json: boolean;
  /** The command's result: `data` with --json, `text()` otherwise. */
  result(data: unknown, text: () => string): void;
  /** A note for the reader (stderr); silent with --json. */
  note(text: string): void;
  /** A spinner while waiting; shown only on a TTY stderr and never with --json. */
  spinner(text: string): Spinner;
}

export function createOutput(args: {
  json: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}): Output {
  const stdout = args.stdout ?? process.stdout;
  const stderr = args.stderr ?? process.stderr;
  return {
    json: args.json,
    result(data, text) {
      stdout.write(`${args.json ? toJson(data) : escapeControls(text())}\n`);
    },
    note(text) {
      if (!args.json) stderr.write(`${escapeControls(text)}\n`);
    },
    spinner(text) {
      const enabled = !args.json && stderr.isTTY === true;
      const line = (value: string) => escapeControls(value, { singleLine: true });
      const spinner = startSpinner({ stream: stderr, text: line(text), enabled });
      return { update: (next) => spinner.update(line(next)), stop: () => spinner.stop() };
    },
  };
}
