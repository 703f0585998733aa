/**
 * `run` once the gateway accepted the run (202): the access token is kept for later commands,
 * then `--async` prints the run and returns, or the run is watched to its end (README.md, "run").
 */
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import { CliError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import type { Output } from "../output/output.js";
import { tokenCredentials } from "../runs/run-credentials.js";
import { gatewayKey, rememberRunToken, runTokenStorePath } from "../runs/run-token-store.js";
import { watchRun } from "../runs/watch-run.js";
import { answerOfRun, type RunAnswer } from "./run-answer.js";
import type { StartedRun } from "./run-gateway.js";
import type { RunPayment } from "./run-pay-and-run.js";

/**
 * The answer `run` prints once the run ended; undefined when `--async` printed the accepted run
 * instead. A gateway without runs answered when the run ended, --async or not.
 */
export async function finishStartedRun(args: {
  started: StartedRun;
  gateway: URL;
  gatewayFlag: string | undefined;
  async: boolean;
  payment: RunPayment | undefined;
  out: Output;
}): Promise<RunAnswer | undefined> {
  const { started, out } = args;
  if (started.kind === "answered") {
    if (args.async) out.note("the gateway ran it while the request waited: here is its result");
    return started.answer;
  }
  const { accepted } = started;
  const kept = keepRunToken({ accepted, gateway: args.gateway, out });
  const hintOptions = `${args.gatewayFlag ? ` --gateway ${args.gatewayFlag}` : ""}${kept.hintOptions}`;
  if (args.async) {
    showAcceptedRun({ out, accepted, payment: args.payment, hintOptions });
    return undefined;
  }
  return followAcceptedRun({ accepted, json: out.json, hintOptions });
}

/** Keeps the run's token; when it cannot, a note, and the option the later commands then need. */
function keepRunToken(args: { accepted: RunAcceptedResponse; gateway: URL; out: Output }): {
  hintOptions: string;
} {
  const { accepted, gateway } = args;
  const kept = rememberRunToken({
    path: runTokenStorePath(),
    run: {
      transactionId: accepted.transactionId,
      gateway: gatewayKey(gateway),
      processId: accepted.processId,
      token: accepted.accessToken,
    },
    expiresAt: accepted.expiresAt,
    now: Date.now(),
  });
  if (kept.ok) return { hintOptions: "" };
  // Printed in the come-back commands then, as nowhere else has it (--async prints it anyway).
  args.out.note(
    `the run's access token was not kept (${kept.reason}): later commands need --token`,
  );
  return { hintOptions: ` --token ${accepted.accessToken}` };
}

/** `run --async`: the accepted run, its token and links, and how to come back to it. */
function showAcceptedRun(args: {
  out: Output;
  accepted: RunAcceptedResponse;
  payment: RunPayment | undefined;
  hintOptions: string;
}): void {
  const { out, accepted, payment } = args;
  out.result({ ...accepted, ...(payment === undefined ? {} : { payment }) }, () =>
    formatKeyValues([
      ["process", accepted.processId],
      ["transaction", accepted.transactionId],
      ["status", accepted.status],
      ...(accepted.taskId === null ? [] : ([["task id", accepted.taskId]] as const)),
      ...(payment === undefined
        ? []
        : ([
            ["payment", `${formatApt(BigInt(payment.amount))} (${payment.transactionHash})`],
          ] as const)),
      ["access token", accepted.accessToken],
      ["run", accepted.links.run],
      ["events", accepted.links.events],
      ["cancel", accepted.links.cancel],
      ["kept until", accepted.expiresAt],
    ]),
  );
  out.note(`follow it: agentgate watch -x ${accepted.transactionId}${args.hintOptions}`);
}

/** Watches the accepted run to its end with its own token; its answer as `run` prints it. */
async function followAcceptedRun(args: {
  accepted: RunAcceptedResponse;
  json: boolean;
  hintOptions: string;
}): Promise<RunAnswer> {
  const { accepted } = args;
  const eventsUrl = URL.canParse(accepted.links.events)
    ? new URL(accepted.links.events)
    : undefined;
  if (eventsUrl?.protocol !== "http:" && eventsUrl?.protocol !== "https:") {
    throw new CliError(
      "unreachable",
      `run ${accepted.transactionId}: the gateway named no http(s) events URL`,
    );
  }
  const run = await watchRun({
    eventsUrl,
    transactionId: accepted.transactionId,
    credentials: tokenCredentials(accepted.accessToken, "the gateway's access token"),
    json: args.json,
    hintOptions: args.hintOptions,
  });
  return answerOfRun(run);
}
