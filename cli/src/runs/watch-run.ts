/**
 * Follows a run to its end with the live view on stderr, for `run` and `watch`. Ctrl-C stops the
 * watch, not the run (it goes on at the gateway): the command says how to come back to it and
 * exits 130, the shell's code for an interrupt (README.md, "watch, result, cancel-run").
 */
import type { RunStatusResponse } from "#shared/schemas/runs";
import { followRunEvents } from "./follow-run-events.js";
import { credentialHeaders, type RunCredentials } from "./run-credentials.js";
import { createLiveView } from "./run-live-view.js";

export const INTERRUPT_EXIT_CODE = 130;

/** What to type to follow, fetch or cancel the run later. */
export function comeBackHint(args: { transactionId: string; extra: string }): string {
  const at = `-x ${args.transactionId}${args.extra}`;
  return [
    `interrupted: run ${args.transactionId} goes on at the gateway`,
    `  follow it:     agentgate watch ${at}`,
    `  its result:    agentgate result ${at}`,
    `  cancel it:     agentgate cancel-run ${at}`,
    "",
  ].join("\n");
}

export async function watchRun(args: {
  eventsUrl: URL;
  transactionId: string;
  credentials: RunCredentials;
  json: boolean;
  /** Options the come-back commands need too (` --gateway <url>`), or "". */
  hintOptions: string;
  stderr?: NodeJS.WriteStream;
}): Promise<RunStatusResponse> {
  const stderr = args.stderr ?? process.stderr;
  const { transactionId } = args;
  const view = createLiveView({ stream: stderr, json: args.json, label: `run ${transactionId}` });
  const onInterrupt = () => {
    view.stop();
    stderr.write(comeBackHint({ transactionId, extra: args.hintOptions }));
    process.exit(INTERRUPT_EXIT_CODE);
  };
  process.once("SIGINT", onInterrupt);
  try {
    return await followRunEvents({
      url: args.eventsUrl,
      what: `run ${transactionId}`,
      headers: () => credentialHeaders(args.credentials, "GET", args.eventsUrl),
      onEvent: (event) => view.show(event),
    });
  } finally {
    process.off("SIGINT", onInterrupt);
    view.stop();
  }
}
