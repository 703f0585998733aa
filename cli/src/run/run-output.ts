import type { RunStatusResponse } from "#shared/schemas/runs";
import { CliError } from "../errors/cli-error.js";
import { formatApt, formatKeyValues } from "../output/format.js";
import type { Output } from "../output/output.js";
import { fetchLogs } from "../runtime/fetch-logs.js";
import { answerOfRun, type RunAnswer } from "./run-answer.js";
import type { RunPayment } from "./run-pay-and-run.js";

/** The run's logs through the gateway; a note and undefined when they cannot be read. */
export function runLogs(args: {
  gateway: URL;
  processId: string;
  transactionId: string;
  out: Output;
}): Promise<string[] | undefined> {
  const { gateway, processId, transactionId } = args;
  return fetchLogs({ gateway, processId, transactionId }).then(
    (l) => l.logs,
    (error: unknown) => {
      args.out.note(`logs unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    },
  );
}

/** Prints the run's result (JSON or lines); a failed run then ends the command as refused. */
export function showRunResult(args: {
  out: Output;
  processId: string;
  answer: RunAnswer;
  taskId: string | undefined;
  payment: RunPayment | undefined;
  logs: string[] | undefined;
}): void {
  const { out, processId, answer, taskId, payment, logs } = args;
  out.result(
    {
      ...answer,
      ...(taskId === undefined ? {} : { taskId }),
      ...(payment === undefined ? {} : { payment }),
      ...(logs === undefined ? {} : { logs }),
    },
    () =>
      formatKeyValues([
        ["process", processId],
        ["transaction", answer.transactionId],
        ["status", answer.status],
        ...(taskId === undefined ? [] : ([["task id", taskId]] as [string, string][])),
        ...(payment === undefined
          ? []
          : ([["payment", `${formatApt(BigInt(payment.amount))} (${payment.transactionHash})`]] as [
              string,
              string,
            ][])),
        answer.success
          ? ["result", JSON.stringify(answer.result, null, 2)]
          : ["error", answer.error],
        ["logs", logs === undefined ? "(unavailable)" : logs.length ? logs.join("\n") : "(none)"],
      ]),
  );
  if (!answer.success) {
    const ended = answer.status === "canceled" ? "was canceled" : "failed";
    throw new CliError(
      "refused",
      `run ${processId} ${ended}: ${answer.error} (transaction ${answer.transactionId})`,
    );
  }
}

/** A final run, fetched or watched, printed as `run` prints it, its logs included. */
export async function showFinalRun(args: {
  out: Output;
  gateway: URL;
  run: RunStatusResponse;
}): Promise<void> {
  const { out, gateway, run } = args;
  const answer = answerOfRun(run);
  const { processId, transactionId } = run;
  const logs = await runLogs({ gateway, processId, transactionId, out });
  showRunResult({
    out,
    processId,
    answer,
    taskId: run.taskId ?? undefined,
    payment: undefined,
    logs,
  });
}
