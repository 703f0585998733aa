/**
 * What a watched run shows on stderr while it goes (README.md, "run"): on a terminal, its log
 * lines scroll while one spinner line shows its state and progress; elsewhere (a pipe, a file,
 * CI) every status change, progress report and log line is a plain line, so a log of the command
 * keeps them. With --json nothing is shown: stderr then carries only a JSON error. Everything an
 * agent wrote passes through escapeControls, one line each.
 */
import type { RunEvent, RunProgress } from "#shared/schemas/runs";
import { escapeControls } from "../output/format.js";
import { startSpinner } from "../output/spinner.js";

export interface LiveView {
  show(event: RunEvent): void;
  stop(): void;
}

/** A partial result is shown cut to this many characters: the whole comes with the result. */
const PARTIAL_CHARS = 300;

export function progressText(progress: RunProgress): string {
  const { total, message } = progress;
  const amount =
    total === undefined
      ? `${progress.progress}`
      : `${progress.progress}/${total} (${Math.floor((100 * progress.progress) / total)}%)`;
  return message === undefined ? amount : `${amount} ${message}`;
}

/** The plain line of an event; undefined for the final result, which the command prints. */
export function eventLine(event: RunEvent): string | undefined {
  let text: string;
  switch (event.type) {
    case "status":
      text = `status ${event.status}`;
      break;
    case "progress":
      text = `progress ${progressText(event.progress)}`;
      break;
    case "log":
      text = `log ${event.line}`;
      break;
    case "partial": {
      const json = JSON.stringify(event.data);
      text = `partial ${json.length > PARTIAL_CHARS ? `${json.slice(0, PARTIAL_CHARS)}…` : json}`;
      break;
    }
    default:
      return undefined;
  }
  return escapeControls(text, { singleLine: true });
}

export function createLiveView(args: {
  stream: NodeJS.WriteStream;
  json: boolean;
  /** What the spinner names the run by, e.g. "run 3f2a…". */
  label: string;
}): LiveView {
  const { stream } = args;
  if (args.json) return { show() {}, stop() {} };
  if (stream.isTTY !== true) {
    return {
      show(event) {
        const line = eventLine(event);
        if (line !== undefined) stream.write(`${line}\n`);
      },
      stop() {},
    };
  }
  const label = escapeControls(args.label, { singleLine: true });
  let state = "submitted";
  let progress = "";
  const spinner = startSpinner({ stream, text: `${label} ${state}`, enabled: true });
  return {
    show(event) {
      if (event.type === "status") state = event.status;
      else if (event.type === "progress") {
        progress = ` ${escapeControls(progressText(event.progress), { singleLine: true })}`;
      } else {
        const line = eventLine(event);
        // The spinner's line is cleared first; it draws itself again below the new line.
        if (line !== undefined) stream.write(`\r\x1b[2K${line}\n`);
      }
      spinner.update(`${label} ${state}${progress}`);
    },
    stop() {
      spinner.stop();
    },
  };
}
